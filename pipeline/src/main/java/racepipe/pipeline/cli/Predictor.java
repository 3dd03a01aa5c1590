package racepipe.pipeline.cli;

/** {@code --predictors}: the pairs that feed Phase 2, static analysis' and the dynamic detectors'. */
enum Predictor {
    STATIC, HYBRID, LS, ERASER, HB, SHB, WCP, SYNCP;

    @Override
    public String toString() {
        return Spelling.of(this);
    }

    static final class Converter extends Spelling.Converter<Predictor> {
        Converter() {
            super(Predictor.class);
        }
    }
}
