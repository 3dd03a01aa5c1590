package racepipe.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tiny JSON writer and reader for the records that cross a process boundary: the agent jar
 * carries no JSON library. Objects read as LinkedHashMap, arrays as ArrayList, integers as Long.
 */
public final class Json {
    private Json() {
    }

    public static String write(Object v) {
        StringBuilder sb = new StringBuilder();
        write(sb, v);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object v) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Number || v instanceof Boolean) {
            sb.append(v);
        } else if (v instanceof Map<?, ?> m) {
            sb.append('{');
            String sep = "";
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getValue() != null) { // absent, not null: readers treat the two alike
                    sb.append(sep);
                    string(sb, String.valueOf(e.getKey()));
                    sb.append(':');
                    write(sb, e.getValue());
                    sep = ",";
                }
            }
            sb.append('}');
        } else if (v instanceof List<?> l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                sb.append(i > 0 ? "," : "");
                write(sb, l.get(i));
            }
            sb.append(']');
        } else {
            string(sb, v.toString());
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /** Parses one JSON value; throws IllegalArgumentException on malformed text. */
    public static Object read(String text) {
        Reader r = new Reader(text);
        Object v = r.value();
        r.space();
        if (r.pos != text.length()) {
            throw r.error("trailing text");
        }
        return v;
    }

    private static final class Reader {
        private final String s;
        private int pos;

        Reader(String s) {
            this.s = s;
        }

        IllegalArgumentException error(String what) {
            return new IllegalArgumentException("bad JSON at " + pos + ": " + what);
        }

        void space() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        char peek() {
            space();
            if (pos >= s.length()) {
                throw error("unexpected end");
            }
            return s.charAt(pos);
        }

        void expect(char c) {
            if (peek() != c) {
                throw error("expected '" + c + "'");
            }
            pos++;
        }

        Object value() {
            char c = peek();
            switch (c) {
                case '{':
                    return object();
                case '[':
                    return array();
                case '"':
                    return string();
                default:
                    if (s.startsWith("null", pos)) {
                        pos += 4;
                        return null;
                    }
                    if (s.startsWith("true", pos)) {
                        pos += 4;
                        return true;
                    }
                    if (s.startsWith("false", pos)) {
                        pos += 5;
                        return false;
                    }
                    return number();
            }
        }

        Map<String, Object> object() {
            Map<String, Object> m = new LinkedHashMap<>();
            expect('{');
            if (peek() == '}') {
                pos++;
                return m;
            }
            while (true) {
                space();
                String k = string();
                expect(':');
                m.put(k, value());
                if (peek() == ',') {
                    pos++;
                } else {
                    expect('}');
                    return m;
                }
            }
        }

        List<Object> array() {
            List<Object> l = new ArrayList<>();
            expect('[');
            if (peek() == ']') {
                pos++;
                return l;
            }
            while (true) {
                l.add(value());
                if (peek() == ',') {
                    pos++;
                } else {
                    expect(']');
                    return l;
                }
            }
        }

        String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (pos >= s.length()) {
                    throw error("unterminated string");
                }
                char c = s.charAt(pos++);
                if (c == '"') {
                    return sb.toString();
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                if (pos >= s.length()) {
                    throw error("unterminated escape");
                }
                char e = s.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        if (pos + 4 > s.length()) {
                            throw error("short \\u escape");
                        }
                        sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> sb.append(e); // \" \\ \/
                }
            }
        }

        Number number() {
            int start = pos;
            while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
                pos++;
            }
            String t = s.substring(start, pos);
            if (t.isEmpty()) {
                throw error("unexpected '" + s.charAt(pos) + "'");
            }
            try {
                return t.contains(".") || t.contains("e") || t.contains("E") ? (Number) Double.parseDouble(t) : (Number) Long.parseLong(t);
            } catch (NumberFormatException ex) {
                throw error("bad number " + t);
            }
        }
    }

    /** Typed reads from a parsed object: a missing field gives the default. */
    static final class Obj {
        private final Map<?, ?> m;

        Obj(Object o) {
            this.m = o instanceof Map<?, ?> map ? map : Map.of();
        }

        boolean has(String k) {
            return m.get(k) != null;
        }

        String str(String k) {
            Object v = m.get(k);
            return v == null ? null : v.toString();
        }

        long num(String k) {
            return m.get(k) instanceof Number n ? n.longValue() : 0;
        }

        Integer intOrNull(String k) {
            return m.get(k) instanceof Number n ? n.intValue() : null;
        }

        boolean bool(String k) {
            return Boolean.TRUE.equals(m.get(k));
        }

        Obj obj(String k) {
            return new Obj(m.get(k));
        }

        List<String> strs(String k) {
            List<String> out = new ArrayList<>();
            if (m.get(k) instanceof List<?> l) {
                l.forEach(x -> out.add(x == null ? null : x.toString()));
            }
            return out;
        }

        List<Integer> ints(String k) {
            List<Integer> out = new ArrayList<>();
            if (m.get(k) instanceof List<?> l) {
                l.forEach(x -> out.add(x instanceof Number n ? n.intValue() : -1));
            }
            return out;
        }

        List<Obj> list(String k) {
            List<Obj> out = new ArrayList<>();
            if (m.get(k) instanceof List<?> l) {
                l.forEach(x -> out.add(new Obj(x)));
            }
            return out;
        }
    }
}
