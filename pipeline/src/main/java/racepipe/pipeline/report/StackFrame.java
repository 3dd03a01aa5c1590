package racepipe.pipeline.report;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One frame as StackTraceElement.toString() writes it: [module/]class.method(File.java:line). */
record StackFrame(String text, String module, String className, String method, String file, int line) {
    private static final Pattern FRAME =
            Pattern.compile("^(?:(.+)/)?([^/()\\s]+)\\.([^.()\\s]+)\\(([^():]*)(?::(\\d+))?\\)$");

    static StackFrame parse(String text) {
        Matcher m = FRAME.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            return new StackFrame(text, null, null, null, null, 0);
        }
        int line = 0;
        if (m.group(5) != null) {
            try {
                line = Integer.parseInt(m.group(5));
            } catch (NumberFormatException e) {
                line = 0;
            }
        }
        String file = m.group(4);
        if (file != null && (file.equals("Native Method") || file.equals("Unknown Source"))) {
            file = null;
        }
        return new StackFrame(text, m.group(1), m.group(2), m.group(3), file, line);
    }

    /** The JDK's own or racepipe's runtime: frames a reader of the program's code can skip. */
    boolean platform() {
        if (className == null) {
            return true;
        }
        return module != null || className.startsWith("java.") || className.startsWith("jdk.")
                || className.startsWith("sun.") || className.startsWith("racepipe.")
                || className.contains("$$Lambda");
    }

    /** Has a source file and a line >= 1. */
    boolean located() {
        return file != null && line >= 1;
    }
}
