package racepipe.pipeline.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.run.Analysis;
import racepipe.pipeline.run.ConfirmRuns;
import racepipe.pipeline.run.StaticPhase;

/**
 * One benchmark of {@code racepipe bench}: analyze (WALA and the dynamic predictors, Phase 2 on
 * this machine's worker JVMs) with the SootUp engine beside it for comparison; its report.json is
 * written in {@code dir}. A function of the suite jar, the name and the settings, so a cluster's
 * task (racepipe-distributed) runs it as the local bench does.
 */
public final class BenchOne {
    /** bench's options that reach each benchmark. */
    public record Settings(int runs, int trials, int timeoutSeconds, long seed, long watchdogMillis) implements Serializable {
    }

    /** The benchmark's report (also in {@code dir}/report.json), the phase times and the wall time. */
    public record Result(ResultFile report, Map<String, Double> phases, double wallSeconds) {
    }

    private BenchOne() {
    }

    public static Result run(Path jar, String name, Settings s, Path dir, PrintStream log) throws IOException, InterruptedException {
        long wall0 = System.nanoTime();
        ProgramInput program = ProgramInput.check(jar, "benchmarks." + name + ".Main", List.of());
        int cores = Runtime.getRuntime().availableProcessors();
        ConfirmRuns.Options confirm = new ConfirmRuns.Options(s.trials(), s.seed(), "racefuzzer", cores, s.timeoutSeconds() * 1000L,
                false, s.watchdogMillis());
        // SootUp is only compared, never a candidate source: it runs beside Phase 1 (WALA on one
        // core, the detect runs one JVM at a time), where the second core is otherwise idle
        SootupRun sootup = new SootupRun(program);
        sootup.start();
        ResultFile r;
        try {
            r = new Analysis(program, new Analysis.Options(List.of("static", "hybrid"), "wala", s.runs(), s.seed(),
                    s.timeoutSeconds() * 1000L, confirm), dir, log).run();
        } finally {
            sootup.join();
        }
        Map<String, Double> phases = new LinkedHashMap<>(r.summary.phases());
        addSootup(r, sootup.pairs());
        phases.put("static:sootup", sootup.seconds);
        r.write(dir.resolve("report.json"));
        return new Result(r, phases, Math.round((System.nanoTime() - wall0) / 1e8) / 10.0); // phases overlap
    }

    /** The SootUp engine on one benchmark, in its own thread; its failure is rethrown by {@link #pairs()}. */
    private static final class SootupRun extends Thread {
        private final ProgramInput program;
        private volatile List<RacePair> pairs;
        private volatile RuntimeException failure;
        volatile double seconds;

        SootupRun(ProgramInput program) {
            super("racepipe-bench-sootup");
            this.program = program;
            setDaemon(true);
        }

        @Override
        public void run() {
            long t0 = System.nanoTime();
            try {
                pairs = StaticPhase.pairs(StaticPhase.run(program, "sootup"));
            } catch (RuntimeException e) {
                failure = e;
            } finally {
                seconds = Math.round((System.nanoTime() - t0) / 1e8) / 10.0;
            }
        }

        List<RacePair> pairs() {
            if (failure != null) {
                throw failure;
            }
            return pairs;
        }
    }

    /** The SootUp engine's pairs, set beside WALA's: "static:sootup" on the pairs it reports. */
    private static void addSootup(ResultFile r, List<RacePair> sootup) {
        Map<String, RacePair> byKey = new LinkedHashMap<>();
        r.pairs.forEach(p -> byKey.put(p.key, p));
        for (RacePair p : sootup) {
            RacePair known = byKey.get(p.key);
            if (known != null) {
                known.predictors.put("static:sootup", true);
            } else {
                p.predictors.remove("static");
                r.pairs.add(p);
            }
        }
    }
}
