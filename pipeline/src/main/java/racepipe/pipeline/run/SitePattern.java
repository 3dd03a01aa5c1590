package racepipe.pipeline.run;

import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.SiteInfo;

/**
 * A site as people write it: {@code File.java:LINE} (every access on that line),
 * {@code pkg.Class.method@bci} (one instruction, any overload) or a full site key
 * {@code pkg/Class.method(desc)@bci}. Confirm and replay resolve one against the program's
 * instructions ({@link SiteSpec}); suppressions match pairs with it.
 */
public record SitePattern(String text, String file, int line, String owner, String method, int bci, String key) {

    public static SitePattern parse(String spec) {
        String s = spec.strip();
        int colon = s.lastIndexOf(':');
        if (colon > 0 && s.substring(0, colon).endsWith(".java")) {
            String file = s.substring(0, colon);
            try {
                return new SitePattern(s, file.substring(file.lastIndexOf('/') + 1), Integer.parseInt(s.substring(colon + 1)),
                        null, null, -1, null);
            } catch (NumberFormatException e) {
                throw new UsageError("not a line number in " + spec);
            }
        }
        int at = s.lastIndexOf('@');
        if (at <= 0) {
            throw new UsageError("not a site: " + spec + " (give File.java:LINE, pkg.Class.method@bci or a site key)");
        }
        int bci;
        try {
            bci = Integer.parseInt(s.substring(at + 1));
        } catch (NumberFormatException e) {
            throw new UsageError("not a bytecode index in " + spec);
        }
        if (s.contains("(")) {
            return new SitePattern(s, null, -1, null, null, bci, s);
        }
        String head = s.substring(0, at).replace('.', '/');
        int dot = head.lastIndexOf('/');
        return new SitePattern(s, null, -1, head.substring(0, Math.max(dot, 0)), head.substring(dot + 1), bci, null);
    }

    /** Whether the instruction (internal owner name, method name, key, bci, source file, line) is one this names. */
    public boolean matches(String internalOwner, String methodName, String siteKey, int siteBci, String siteFile, int siteLine) {
        if (file != null) {
            return file.equals(siteFile) && line == siteLine;
        }
        if (key != null) {
            return key.equals(siteKey);
        }
        return owner.equals(internalOwner) && method.equals(methodName) && bci == siteBci;
    }

    public boolean matches(SiteInfo s) {
        String owner = s.className() == null ? "" : s.className().replace('.', '/');
        String m = s.method() == null ? "" : s.method();
        String name = m.contains("(") ? m.substring(0, m.indexOf('(')) : m;
        String base = s.file() == null ? null : s.file().substring(s.file().lastIndexOf('/') + 1);
        return matches(owner, name, s.key(), s.bci(), base, s.line());
    }

    /** A File.java:LINE pattern, which may name several instructions. */
    public boolean byLine() {
        return file != null;
    }

    @Override
    public String toString() {
        return text;
    }
}
