package racepipe.pipeline.input;

/** Bad input from the user: printed as one line, exit code 2. */
public final class UsageError extends RuntimeException {
    public UsageError(String message) {
        super(message);
    }
}
