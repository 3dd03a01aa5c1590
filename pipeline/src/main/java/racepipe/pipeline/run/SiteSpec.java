package racepipe.pipeline.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import racepipe.dynamic.agent.SiteIndex;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.SiteInfo;

/**
 * Turns what a user types for a site into a site: {@code File.java:LINE} (the first access on
 * that line), {@code pkg.Class.method@bci}, or a full site key.
 */
public final class SiteSpec {
    private final List<SiteIndex.Entry> entries;

    /** {@code entryClass}: a bare file name is looked up in the entry's package first. */
    public SiteSpec(Path jar, String entryClass) throws IOException {
        String pkg = entryClass.contains(".") ? entryClass.substring(0, entryClass.lastIndexOf('.')).replace('.', '/') + "/" : "";
        List<SiteIndex.Entry> all = new java.util.ArrayList<>(SiteIndex.scan(jar));
        all.sort(java.util.Comparator.comparing((SiteIndex.Entry e) -> !(e.owner().startsWith(pkg)
                && e.owner().indexOf('/', pkg.length()) < 0)));
        this.entries = all;
    }

    public SiteInfo resolve(String spec) {
        SiteIndex.Entry e = find(spec);
        if (e == null) {
            throw new UsageError("no field or array access at " + spec
                    + " (give File.java:LINE, pkg.Class.method@bci or a site key)");
        }
        return SiteInfo.of(e.owner(), e.method(), e.desc(), e.bci(), e.file(), e.line(), e.write());
    }

    public String variable(SiteInfo s) {
        SiteIndex.Entry e = find(s.key());
        return e == null ? "?" : e.variable();
    }

    private SiteIndex.Entry find(String spec) {
        int colon = spec.lastIndexOf(':');
        if (colon > 0 && spec.substring(0, colon).endsWith(".java")) {
            String file = spec.substring(0, colon);
            int line;
            try {
                line = Integer.parseInt(spec.substring(colon + 1));
            } catch (NumberFormatException ex) {
                throw new UsageError("not a line number in " + spec);
            }
            String base = file.substring(file.lastIndexOf('/') + 1);
            return entries.stream().filter(e -> e.file().equals(base) && e.line() == line).findFirst().orElse(null);
        }
        int at = spec.lastIndexOf('@');
        if (at < 0) {
            return null;
        }
        if (spec.contains("(")) {
            return entries.stream().filter(e -> e.key().equals(spec)).findFirst().orElse(null);
        }
        String head = spec.substring(0, at).replace('.', '/');
        int dot = head.lastIndexOf('/');
        String owner = head.substring(0, Math.max(dot, 0));
        String method = head.substring(dot + 1);
        int bci = Integer.parseInt(spec.substring(at + 1));
        return entries.stream().filter(e -> e.owner().equals(owner) && e.method().equals(method) && e.bci() == bci)
                .findFirst().orElse(null);
    }
}
