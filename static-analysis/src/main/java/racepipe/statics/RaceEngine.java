package racepipe.statics;

/** A static may-race analysis. Bad input is a {@link StaticInputError} with a one-line message. */
public interface RaceEngine {
    String name();

    StaticResult analyze(AnalysisInput input, StaticOptions options);

    default StaticResult analyze(AnalysisInput input) {
        return analyze(input, StaticOptions.DEFAULT);
    }
}
