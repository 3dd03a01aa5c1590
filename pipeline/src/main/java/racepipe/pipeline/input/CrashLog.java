package racepipe.pipeline.input;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * racepipe's own failures as the user sees them: one line naming what failed and what to do,
 * exit code 3; the full trace goes to {@value #FILE} in the command's out folder (a temp file when
 * the command has none), never to the terminal. A command names its out folder with
 * {@link #useFolder} as soon as it knows it (per thread: the JUnit extension runs several).
 */
public final class CrashLog {
    public static final String FILE = "racepipe-error.log";
    private static final ThreadLocal<Path> FOLDER = new ThreadLocal<>();

    private CrashLog() {
    }

    public static void useFolder(Path dir) {
        FOLDER.set(dir);
    }

    public static void forget() {
        FOLDER.remove();
    }

    /** Writes the trace and returns the line to print (without the "racepipe: " prefix). */
    public static String line(Throwable t) {
        InternalFailure known = find(t);
        String what = known != null ? known.what() : "internal error" + where(t);
        String todo = known != null ? known.todo() : "please report it with the log";
        Throwable root = known != null && known.getCause() != null ? known.getCause() : t;
        Path log = write(t);
        return what + ": " + brief(root) + " (" + (log == null ? "no trace written" : "trace in " + log) + "); " + todo;
    }

    private static InternalFailure find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof InternalFailure f) {
                return f;
            }
        }
        return null;
    }

    /** " in Class.method", the innermost racepipe frame of the first exception, when there is one. */
    private static String where(Throwable t) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().startsWith("racepipe.")) {
                String c = e.getClassName();
                return " in " + c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName();
            }
        }
        return "";
    }

    /** The exception and its deepest cause, as one short line. */
    static String brief(Throwable t) {
        Throwable deepest = t;
        while (deepest.getCause() != null && deepest.getCause() != deepest) {
            deepest = deepest.getCause();
        }
        String s = name(t) + (deepest != t ? " <- " + name(deepest) : "");
        s = s.replaceAll("\\s+", " ");
        return s.length() > 240 ? s.substring(0, 237) + "..." : s;
    }

    private static String name(Throwable t) {
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }

    private static Path write(Throwable t) {
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        try {
            Path dir = FOLDER.get();
            Path f;
            if (dir != null) {
                Files.createDirectories(dir);
                f = dir.resolve(FILE);
            } else {
                f = Files.createTempFile("racepipe-error-", ".log");
            }
            Files.writeString(f, trace.toString());
            return f;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
