package racepipe.pipeline.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import racepipe.contract.Outcome;
import racepipe.contract.RunResult;
import racepipe.contract.SiteKey;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.DetectRun;
import racepipe.pipeline.model.Hang;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.SiteInfo;

/**
 * Phase 1, dynamic: K runs of the program, each in its own JVM under the agent with every
 * chosen detector, merged into pairs that count the runs that saw them.
 */
public final class DetectRuns {
    /**
     * The options of a detect job. {@code stopAfterTimeout} (analyze): once a seeded run timed
     * out, the runs left run under the JVM's scheduling; once a run without a seed timed out,
     * the runs left are skipped (the next one would not end either, and its pairs would come from
     * the same beginning; Phase 2 has better use for the time). The seeded scheduler runs one
     * thread at a time and may switch at every access, which a compute kernel pays per access
     * (pricing: over 120 s seeded, 4.6 s under the JVM's scheduling): its seeded runs saw only
     * their setup, and no pair of the hybrid detector. {@code unwatched}: a file of site keys
     * the agent leaves unwatched (StaticHelp), or null.
     */
    public record Options(List<String> detectors, int runs, Long seed, long timeoutMillis, boolean stopAfterTimeout,
                          Path unwatched, boolean stretch, Path trace) {
        public Options(List<String> detectors, int runs, Long seed, long timeoutMillis) {
            this(detectors, runs, seed, timeoutMillis, false, null, false, null);
        }

        public Options(List<String> detectors, int runs, Long seed, long timeoutMillis, boolean stopAfterTimeout) {
            this(detectors, runs, seed, timeoutMillis, stopAfterTimeout, null, false, null);
        }

        public Options withUnwatched(Path file) {
            return new Options(detectors, runs, seed, timeoutMillis, stopAfterTimeout, file, stretch, trace);
        }

        /** detect --trace: run 1's trace to this file, run k's to FILE.k (RAPID's STD format). */
        public Options withTrace(Path file) {
            return new Options(detectors, runs, seed, timeoutMillis, stopAfterTimeout, unwatched, stretch, file);
        }

        /**
         * A limit sized by an estimate (RunLimits): a run that ended measured the detectors' real
         * cost, and the runs after it get at least {@value #STRETCH}x its time (a loaded machine's
         * second run is no faster than its first).
         */
        public Options stretchedIf(boolean sized) {
            return new Options(detectors, runs, seed, timeoutMillis, stopAfterTimeout, unwatched, sized, trace);
        }
    }

    static final int STRETCH = 2;

    /**
     * The merged result: pairs by key, one summary per run, how many runs were skipped and why
     * (null when none was). {@code uninstrumented}: the methods the agent left as they were in any
     * run (their accesses went unseen).
     */
    public record Result(Map<String, RacePair> pairs, List<DetectRun> runs, int skipped, String skippedWhy,
                         List<RunResult.Uninstrumented> uninstrumented, Map<String, Candidate> candidates) {
    }

    static final String AFTER_TIMEOUT = "a run that timed out would again";
    static final String REPEATED = "the last run found no pair the runs before it had not: runs under the JVM's"
            + " scheduling repeat themselves";

    private DetectRuns() {
    }

    public static Result run(ProgramInput program, Options opt, Path work) throws IOException, InterruptedException {
        return run(program, opt, work, () -> false);
    }

    /**
     * The runs one after another until {@code cancelled} (analyze stopped): a run cut by the stop
     * (its JVM killed, no result) is left out, the runs before it are kept.
     */
    public static Result run(ProgramInput program, Options opt, Path work, BooleanSupplier cancelled)
            throws IOException, InterruptedException {
        Map<String, RacePair> pairs = new TreeMap<>();
        Map<String, Candidate> candidates = new TreeMap<>();
        List<DetectRun> runs = new ArrayList<>();
        Map<String, RunResult.Uninstrumented> left = new TreeMap<>();
        Files.createDirectories(work);
        boolean seeded = opt.seed() != null;
        long limit = opt.timeoutMillis();
        Set<String> found = new HashSet<>(); // detector|pair over the runs so far
        for (int i = 0; i < opt.runs() && !cancelled.getAsBoolean(); i++) {
            Long seed = seeded ? Seeds.derive(opt.seed(), i) : null;
            long t0 = System.nanoTime();
            DetectRun run = runOnce(program, opt, seed, i, work, pairs, candidates, left, limit);
            if (opt.stretch() && run.outcome() != null && run.outcome().ended()) {
                limit = Math.max(limit, STRETCH * (System.nanoTime() - t0) / 1_000_000);
            }
            if (cancelled.getAsBoolean()) {
                break;
            }
            runs.add(run);
            boolean news = found.addAll(keys(run));
            if (opt.stopAfterTimeout()) {
                String why = skipRest(run, seeded, news, i, opt.runs());
                if (why != null) {
                    return new Result(pairs, runs, opt.runs() - runs.size(), why, List.copyOf(left.values()), candidates);
                }
                seeded &= run.outcome() != Outcome.TIMEOUT;
            }
        }
        return new Result(pairs, runs, 0, null, List.copyOf(left.values()), candidates);
    }

    private static DetectRun runOnce(ProgramInput program, Options opt, Long seed, int index, Path work,
                                     Map<String, RacePair> pairs, Map<String, Candidate> candidates,
                                     Map<String, RunResult.Uninstrumented> left, long limit)
            throws IOException, InterruptedException {
        Path out = work.resolve("run-" + index + ".json");
        Path log = work.resolve("run-" + index + ".log");
        Files.deleteIfExists(out);
        String agentOpts = "detectors=" + String.join(",", opt.detectors()) + (seed == null ? "" : "|seed=" + seed)
                + "|atomic=" + AtomicSpec.option()
                + (opt.unwatched() == null ? "" : "|unwatched=" + opt.unwatched())
                + (opt.trace() == null ? "" : "|trace=" + (index == 0 ? opt.trace() : opt.trace() + "." + (index + 1)));
        List<String> args = new ArrayList<>(List.of(out.toString(), program.entry()));
        args.addAll(program.args());
        ChildJvm.Ended ended = ChildJvm.run(ChildJvm.command(program, agentOpts, java.io.File.pathSeparator + program.classPathString(),
                "racepipe.dynamic.run.DetectMain", args), log, limit);
        Map<String, TreeSet<String>> sets = new LinkedHashMap<>();
        opt.detectors().forEach(d -> sets.put(d, new TreeSet<>()));
        RunResult r = null;
        try {
            r = Files.exists(out) ? RunResult.read(out) : null;
        } catch (IOException e) {
            // cut short by the kill for time: as if not written
        }
        if (r == null) {
            return new DetectRun(index, seed, ended.timedOut() ? Outcome.TIMEOUT : Outcome.CRASHED, null, null,
                    ended.tail(5), lists(sets));
        }
        r.uninstrumented().forEach(u -> left.putIfAbsent(u.label(), u));
        List<DetectRun.Thrown> thrown = new ArrayList<>();
        for (RunResult.Uncaught u : r.exceptions()) {
            thrown.add(new DetectRun.Thrown(u.thread(), u.type(), u.message()));
        }
        Map<Integer, RunResult.Site> sites = new HashMap<>();
        r.sites().forEach(s -> sites.put(s.id(), s));
        RunCandidates.merge(r, sites, candidates);
        for (RunResult.Pair p : r.pairs()) {
            RunResult.Site a = sites.get(p.siteA()), b = sites.get(p.siteB());
            RacePair pair = pairs.computeIfAbsent(SiteKey.pair(a.key(), b.key()),
                    k -> new RacePair(variable(a, b), site(a), site(b)));
            pair.addLibrary(List.of(site(a), site(b)));
            pair.addVariables(shared(a, b));
            if (sets.get(p.detector()).add(pair.key)) {
                pair.predictors.merge(p.detector(), 1, (x, y) -> (Integer) x + (Integer) y);
            }
            if (pair.evidence == null) {
                pair.evidence = new TreeMap<>();
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> ev = (Map<String, Object>) pair.evidence.computeIfAbsent(p.detector(), k -> evidence(p));
            ev.put("events", (Integer) ev.get("events") + p.events());
        }
        // one source of truth: the run's own file says how the program ended (its result written, the JVM's
        // slow exit afterwards is no timeout of the program); the kill for time wrote a result marked so
        Hang hang = r.outcome() == Outcome.DEADLOCK ? Hang.of(r.deadlock()) : null;
        return new DetectRun(index, seed, r.outcome(), r.exitStatus(),
                thrown.isEmpty() ? null : thrown, null, lists(sets), hang == null ? null : hang.summary());
    }

    /**
     * analyze's runs: why the runs after run {@code i} (of {@code total}) are not worth their time,
     * or null. One without a seed that timed out: the next would too, from the same beginning
     * (a seeded one that timed out hands the rest to the JVM's scheduling instead). One without a
     * seed that added no pair: a seeded run tries another schedule, an unseeded one mostly the
     * JVM's same one again, and the program is a long one (a particles run is 50 s).
     */
    static String skipRest(DetectRun run, boolean seeded, boolean news, int i, int total) {
        if (i + 1 >= total || seeded) {
            return null;
        }
        if (run.outcome() == Outcome.TIMEOUT) {
            return AFTER_TIMEOUT;
        }
        return i > 0 && !news ? REPEATED : null;
    }

    /** What a run reported: detector|pair, one per detector's pair. */
    static Set<String> keys(DetectRun run) {
        Set<String> out = new HashSet<>();
        if (run.sets() != null) {
            run.sets().forEach((d, ps) -> ps.forEach(p -> out.add(d + "|" + p)));
        }
        return out;
    }

    /** A detector's evidence for a pair, its keys in one order (Map.of's order changes between JVMs). */
    static Map<String, Object> evidence(RunResult.Pair p) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("events", 0);
        ev.put("threads", List.of(p.threadA(), p.threadB()));
        return ev;
    }

    private static Map<String, List<String>> lists(Map<String, TreeSet<String>> sets) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        sets.forEach((k, v) -> m.put(k, new ArrayList<>(v)));
        return m;
    }

    /**
     * A call into a dependency is a write when a write inside counted at it; its library frames
     * are the dependency's accesses that did.
     */
    static SiteInfo site(RunResult.Site s) {
        boolean write = s.write() || s.library().stream().anyMatch(RunResult.LibraryAccess::write);
        return SiteInfo.of(s.owner(), s.method(), s.desc(), s.bci(), s.file(), s.line(), write)
                .withLibrary(s.library().stream().map(RunResult.LibraryAccess::frame).toList());
    }

    /**
     * The pair's variable: a site's own, or for a call into a dependency, the variable its
     * accesses inside share with the other side (written by one), when there is one such.
     */
    static String variable(RunResult.Site a, RunResult.Site b) {
        TreeSet<String> both = shared(a, b);
        return both.isEmpty() ? a.variable() : both.first();
    }

    /**
     * For calls into a dependency, every variable their accesses inside share (written by one):
     * each may be what races between the two lines (Phase 2 tells which did). Empty otherwise.
     */
    static TreeSet<String> shared(RunResult.Site a, RunResult.Site b) {
        TreeSet<String> both = new TreeSet<>();
        if (a.library().isEmpty() && b.library().isEmpty()) {
            return both;
        }
        Map<String, Boolean> va = variables(a), vb = variables(b);
        va.forEach((v, w) -> {
            if (vb.containsKey(v) && (w || vb.get(v))) {
                both.add(v);
            }
        });
        return both;
    }

    /** Variable -> written, of a site or of the accesses inside the dependency call it is. */
    private static Map<String, Boolean> variables(RunResult.Site s) {
        Map<String, Boolean> out = new HashMap<>();
        if (s.library().isEmpty()) {
            out.put(s.variable(), s.write());
        }
        s.library().forEach(l -> out.merge(l.variable(), l.write(), Boolean::logicalOr));
        return out;
    }
}
