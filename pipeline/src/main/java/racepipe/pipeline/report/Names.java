package racepipe.pipeline.report;

import java.util.ArrayList;
import java.util.List;

/** How reports name code for people: stack frames, short class, method and variable names. */
final class Names {
    private Names() {
    }

    /** Frames of a stack written as frames joined by " <- " (innermost first); empties dropped. */
    static List<String> frames(String stack) {
        List<String> out = new ArrayList<>();
        if (stack == null) {
            return out;
        }
        for (String f : stack.split("\\s*<-\\s*|\\n")) {
            String t = f.trim();
            if (!t.isEmpty()) {
                out.add(t.startsWith("at ") ? t.substring(3) : t);
            }
        }
        return out;
    }

    /** "a.b.Outer$Inner" -> "Outer$Inner". */
    static String simpleClass(String className) {
        if (className == null) {
            return "?";
        }
        String c = className.replace('/', '.');
        return c.substring(c.lastIndexOf('.') + 1);
    }

    /** "worker()V" -> "worker". */
    static String methodName(String method) {
        if (method == null) {
            return "?";
        }
        int p = method.indexOf('(');
        return p < 0 ? method : method.substring(0, p);
    }

    /** A variable without its package: "benchmarks.logservice.LogService.log" -> "LogService.log". */
    static String shortVariable(String variable) {
        if (variable == null) {
            return "?";
        }
        String[] parts = variable.split("\\.");
        if (parts.length <= 2) {
            return variable;
        }
        return parts[parts.length - 2] + "." + parts[parts.length - 1];
    }

    /**
     * A variable as Java source names it: "a.Main$Box.v" -> "a.Main.Box.v", "a.Main$Box[]" ->
     * "a.Main.Box[]" (a field's own name keeps its characters). For code-scanning readers, who
     * know Box as Main.Box; the binary name stays in the JSON report.
     */
    static String sourceVariable(String variable) {
        if (variable == null) {
            return "?";
        }
        if (variable.endsWith("[]")) {
            return variable.replace('$', '.');
        }
        int dot = variable.lastIndexOf('.');
        return dot < 0 ? variable : variable.substring(0, dot).replace('$', '.') + variable.substring(dot);
    }
}
