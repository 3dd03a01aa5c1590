package racepipe.pipeline.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.model.ResultFile;

/**
 * Defensive reads from the free-form maps of a result file: a missing or oddly typed field gives
 * an empty value, never an exception, so that a report renders whatever it was handed.
 */
final class Fields {
    private Fields() {
    }

    /** The value at a path of map keys, or null. */
    static Object at(Object root, String... path) {
        Object cur = root;
        for (String k : path) {
            if (!(cur instanceof Map<?, ?> m)) {
                return null;
            }
            cur = m.get(k);
        }
        return cur;
    }

    static Map<String, Object> map(Object root, String... path) {
        Object v = at(root, path);
        Map<String, Object> out = new LinkedHashMap<>();
        if (v instanceof Map<?, ?> m) {
            m.forEach((k, x) -> out.put(String.valueOf(k), x));
        }
        return out;
    }

    static List<Object> list(Object root, String... path) {
        Object v = at(root, path);
        return v instanceof Collection<?> c ? new ArrayList<>(c) : new ArrayList<>();
    }

    static String str(Object root, String... path) {
        Object v = at(root, path);
        return v == null || v instanceof Map || v instanceof Collection ? null : String.valueOf(v);
    }

    static long num(Object root, String... path) {
        Object v = at(root, path);
        if (v instanceof Number n) {
            return n.longValue();
        }
        if (v instanceof String s) {
            try {
                return Long.parseLong(s.trim());
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return 0;
    }

    static double dbl(Object v) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        try {
            return v == null ? 0 : Double.parseDouble(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static boolean bool(Object root, String... path) {
        Object v = at(root, path);
        return v instanceof Boolean b ? b : "true".equals(v);
    }

    /** The result file's {@code summary} map (sets, counts, phases), empty when absent. */
    static Map<String, Object> summary(ResultFile r) {
        return r == null ? new LinkedHashMap<>() : map(r.summary);
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
}
