package racepipe.pipeline.triage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;

/**
 * {@code --baseline OLD/report.json}: the pairs an earlier analyze reported are known. A pair is
 * the same when its key is (the same two instructions) or, once code moved, when its variable and
 * both accesses' methods and kinds are (as SARIF fingerprints pairs), so an edit elsewhere in a
 * method does not make its old race new.
 */
public final class Baseline {
    private final Path file;
    private final Set<String> keys = new HashSet<>();
    private final Set<String> shapes = new HashSet<>();

    private Baseline(Path file) {
        this.file = file;
    }

    /** A report.json, or the out folder holding one. */
    public static Baseline load(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve("report.json") : path;
        if (!Files.isRegularFile(file)) {
            throw new UsageError("no baseline report at " + file);
        }
        ResultFile old;
        try {
            old = ResultFile.read(file);
        } catch (IOException | RuntimeException e) {
            throw new UsageError("cannot read the baseline " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        Baseline b = new Baseline(file.toAbsolutePath().normalize());
        for (RacePair p : old.pairs == null ? List.<RacePair>of() : old.pairs) {
            if (p.key != null) {
                b.keys.add(p.key);
            }
            b.shapes.add(shape(p));
        }
        return b;
    }

    public Path file() {
        return file;
    }

    /** Marks the known pairs ({@code baseline: true}); returns how many. */
    public int mark(List<RacePair> pairs) {
        int n = 0;
        for (RacePair p : pairs) {
            if (keys.contains(p.key) || shapes.contains(shape(p))) {
                p.baseline = true;
                n++;
            }
        }
        return n;
    }

    /** The variable and both accesses' class, method and kind, in a fixed order: no bci, no line. */
    static String shape(RacePair p) {
        List<SiteInfo> s = p.sites == null ? List.of() : p.sites;
        String a = s.isEmpty() ? "" : side(s.get(0)), b = s.size() < 2 ? a : side(s.get(1));
        return p.variable + "|" + (a.compareTo(b) <= 0 ? a + "|" + b : b + "|" + a);
    }

    private static String side(SiteInfo s) {
        return s.className() + "." + s.method() + ":" + s.access();
    }
}
