package racepipe.statics;

/** Input the analysis cannot use (no JDK jmods/, unknown entry, unparsable jar): one line. */
public final class StaticInputError extends RuntimeException {
    public StaticInputError(String message) {
        super(message);
    }
}
