package racepipe.pipeline.run;

import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import racepipe.contract.Outcome;
import racepipe.contract.RunResult;
import racepipe.pipeline.model.DetectRun;
import racepipe.pipeline.model.Program;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.model.Tool;

/**
 * Builds the result file's Jackson mapper and serializers on a daemon thread while the first child
 * JVM of Phase 1 runs: cold, they took the launcher 0.3 s after the child ended, on every detect and
 * analyze. ChildJvm starts it once the child is launched (on 2 cores, started before, it delayed the
 * launch). It writes a small result to nowhere; a failure is dropped (the real write reports its own).
 */
public final class Warmup {
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private Warmup() {
    }

    /** Starts the warm-up, once per JVM. */
    public static void start() {
        if (STARTED.compareAndSet(false, true)) {
            Thread t = new Thread(Warmup::run, "racepipe-warmup");
            t.setDaemon(true);
            t.start();
        }
    }

    private static void run() {
        try {
            ResultFile.JSON.writeValue(OutputStream.nullOutputStream(), sample());
        } catch (Exception | LinkageError e) {
            // nothing to report: the real write does the same work
        }
    }

    /** A result with one of each part a detect writes. */
    private static ResultFile sample() {
        ResultFile r = new ResultFile();
        r.tool = new Tool("racepipe", "0", "17");
        r.program = new Program("app.jar", "0", "app.Main", List.of("1"), List.of("lib.jar"));
        r.options.put("detectors", List.of("hb"));
        r.options.put("runs", 1);
        r.options.put("seed", null);
        SiteInfo site = SiteInfo.of("app/Main", "run", "()V", 0, "Main.java", 1, true)
                .withLibrary(List.of("lib.A.f(A.java:1)"));
        RacePair pair = new RacePair("app.Main.x", site, site);
        pair.predictors.put("hb", 1);
        pair.evidence = new TreeMap<>(Map.of("hb", DetectRuns.evidence(new RunResult.Pair("hb", 0, 0, 1, "main", "main"))));
        r.pairs.add(pair);
        r.runs = List.of(new DetectRun(0, 1L, Outcome.OK, 0, List.of(new DetectRun.Thrown("main", "E", "m")), "log",
                Map.of("hb", List.of(pair.key))));
        return r;
    }
}
