package racepipe.pipeline.input;

/**
 * Something inside racepipe went wrong (not the user's input, not the program): {@code what}
 * names the part that failed, {@code todo} what the user can do now. Printed by {@link CrashLog}
 * as one line, exit code 3, the trace in the out folder's log.
 */
public final class InternalFailure extends RuntimeException {
    private final String what;
    private final String todo;

    public InternalFailure(String what, String todo, Throwable cause) {
        super(what + ": " + cause, cause);
        this.what = what;
        this.todo = todo;
    }

    public String what() {
        return what;
    }

    public String todo() {
        return todo;
    }
}
