package racepipe.pipeline.input;

/**
 * The program never got going (a class missing, every run ended before any sharing): no verdict
 * can be trusted. Printed as one line naming the cause, exit code 3.
 */
public final class ProgramFailure extends RuntimeException {
    public ProgramFailure(String message) {
        super(message);
    }
}
