package racepipe.pipeline.run;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import racepipe.pipeline.input.CrashLog;
import racepipe.pipeline.input.InternalFailure;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.RunNotes;
import racepipe.pipeline.model.Summary;
import racepipe.pipeline.model.Tally;
import racepipe.pipeline.run.Ranking.Tier;
import racepipe.statics.StaticOptions;
import racepipe.statics.StaticResult;

/**
 * The whole pipeline: Phase 1 (static analysis in process, beside K dynamic runs in child JVMs),
 * candidates = the pairs of the chosen predictors ranked by their evidence, Phase 2 on each in
 * that order until its verdict is settled, verdicts. Phase 1's result, every finished trial and
 * the phase times are kept in the out folder, so a stopped or killed analyze can be resumed. The
 * budget and a signal ({@link #stop()}) end it early, the same way: what is known is returned,
 * the candidates not reached are untried.
 */
public final class Analysis {
    /** What analyze was asked to do; {@code budget}: null for none. */
    /**
     * {@code sized}: the run and trial time limits follow a measured plain run of the program
     * (RunLimits), not {@code runTimeoutMillis} and the confirm options' timeout (a user's --timeout).
     */
    public record Options(List<String> predictors, String engine, int runs, long seed, long runTimeoutMillis,
                          ConfirmRuns.Options confirm, Duration budget, boolean sized) {
        public Options(List<String> predictors, String engine, int runs, long seed, long runTimeoutMillis,
                       ConfirmRuns.Options confirm, Duration budget) {
            this(predictors, engine, runs, seed, runTimeoutMillis, confirm, budget, false);
        }

        public Options(List<String> predictors, String engine, int runs, long seed, long runTimeoutMillis,
                       ConfirmRuns.Options confirm) {
            this(predictors, engine, runs, seed, runTimeoutMillis, confirm, null);
        }
    }

    static final String PHASES_FILE = "phases.json";
    /** The detectors of every dynamic run: the four, and the predictors beyond HB on the same trace. */
    public static final List<String> DETECTORS = List.of("ls", "eraser", "hybrid", "hb", "shb", "wcp", "syncp");

    private final ProgramInput program;
    private final Options opt;
    private long runTimeoutMillis;        // a Phase 1 run's limit: opt's, or sized by the plain run
    private ConfirmRuns.Options confirm;  // Phase 2's options, the trial limit likewise
    private boolean seededRuns = true;    // Phase 1's runs under the seeded scheduler (not for a long program)
    private final Path out;
    private final PrintStream log;
    private final Stop stop;
    /** Seconds per phase, summed over this session and the earlier ones of the out folder. */
    private final Map<String, Double> phases = new LinkedHashMap<>();
    private double wallBefore;
    private int sessionsBefore;
    private final long start = System.nanoTime();
    /** What is known so far, for a report when analyze is stopped. */
    private volatile ResultFile current;
    private volatile String phase = "phase 1";
    private TrialRunner trialRunner = TrialRunner.LOCAL;

    public Analysis(ProgramInput program, Options opt, Path out, PrintStream log) {
        this.program = program;
        this.opt = opt;
        this.runTimeoutMillis = opt.runTimeoutMillis();
        this.confirm = opt.confirm();
        this.out = out;
        this.log = log;
        this.stop = new Stop(opt.budget());
    }

    /** Phase 2's trials run there (a cluster's tasks) instead of on this machine's worker JVMs. */
    public Analysis runTrialsWith(TrialRunner runner) {
        this.trialRunner = runner;
        return this;
    }

    /** What ends this analyze early: the budget, and {@link Stop#signal()} for SIGINT/SIGTERM. */
    public Stop stop() {
        return stop;
    }

    public ResultFile run() throws IOException, InterruptedException {
        Files.createDirectories(out);
        if (!stop.now()) {
            Children.allow(); // an earlier analysis in this JVM (bench) may have been stopped
        }
        stop.start();
        try {
            loadPhases();
            Path phase1File = out.resolve("phase1.json");
            ResultFile r;
            boolean phase1Done;
            if (Files.exists(phase1File)) {
                r = ResultFile.read(phase1File);
                log.println("phase 1: resumed from " + phase1File + " (" + r.pairs.size() + " pairs)");
                if (r.options.get("atomic") instanceof List<?> named && AtomicSpec.named().isEmpty()) {
                    AtomicSpec.name(named.stream().map(String::valueOf).toList()); // the blocks Phase 1 predicted on
                }
                if (r.options.get("trialTimeout") instanceof Number n) { // sized by that session's plain run
                    confirm = confirm.withTimeout(n.longValue() * 1000);
                }
                if (sessionsBefore == 0 && r.summary != null && r.summary.phases() != null) {
                    phases.putAll(r.summary.phases()); // an out folder from before phases.json
                }
                phase1Done = true;
            } else {
                r = phase1();
                phase1Done = !stop.now();
                if (phase1Done) {
                    r.summary = new Summary(null, null, null, new LinkedHashMap<>(phases));
                    r.write(phase1File);
                }
            }
            current = r;
            savePhases();
            if (phase1Done) {
                // a program that never got going gets no Phase 2: every trial would fail the same way
                r.failure = StartFailure.ofRuns(r.runs, !r.otherCandidates().isEmpty());
                if (r.failure == null) {
                    phase = "phase 2";
                    confirmCandidates(r);
                    r.failure = StartFailure.ofPairs(r.pairs);
                }
            }
            return finish(r);
        } finally {
            stop.cancelTimer();
            savePhases();
        }
    }

    /**
     * The result as far as analyze got: candidates without a verdict are untried, the summary
     * and, when analyze was stopped, why and what was left. Also what a shutdown hook reports
     * when the main thread does not end in time (then from {@link #snapshot()}).
     */
    public ResultFile finish(ResultFile r) {
        int untried = 0, candidates = 0;
        for (racepipe.pipeline.model.Candidate c : r.otherCandidates()) {
            candidates++;
            if (c.verdict == null && r.failure == null) {
                c.verdict = "untried";
            }
            untried += "untried".equals(c.verdict) ? 1 : 0;
        }
        for (RacePair p : r.pairs) {
            if ("unreached".equals(p.verdict)) {
                p.unwatched = RunNotes.unwatched(p, r.uninstrumented);
            }
            if (isCandidate(p)) {
                candidates++;
                if (p.verdict == null && r.failure == null) {
                    p.verdict = "untried";
                }
                untried += "untried".equals(p.verdict) ? 1 : 0;
            }
        }
        if (untried > 0) {
            Map<String, int[]> counts = new TreeMap<>();
            for (RacePair p : r.pairs) {
                if (isCandidate(p)) {
                    int[] c = counts.computeIfAbsent(String.valueOf(p.variable), v -> new int[2]);
                    c[0]++;
                    c[1] += "untried".equals(p.verdict) ? 0 : 1;
                }
            }
            r.variables = new ArrayList<>();
            counts.forEach((v, c) -> r.variables.add(new ResultFile.VariableCount(v, c[0], c[1])));
        }
        String why = stop.reason();
        if (why != null && (untried > 0 || !"phase 2".equals(phase))) { // not a budget that ran out as the last pair ended
            r.stopped = new ResultFile.Stopped(why, phase, Math.round(stop.elapsedSeconds() * 10) / 10.0, untried, candidates);
        }
        StaticCycles.settle(r);
        NestedBlocks.settle(r.atomicity);
        StaticAtomicity.settle(r);
        r.summary = summary(r);
        return r;
    }

    /** What is known now (Phase 1 as far as it got, the verdicts so far); null before anything is. */
    public ResultFile snapshot() {
        return current;
    }

    /** Phase 1: the static engine in a thread of its own while the dynamic runs go one after another. */
    private ResultFile phase1() throws IOException, InterruptedException {
        ResultFile r = new ResultFile();
        r.tool = ProgramInfo.tool();
        r.program = ProgramInfo.program(program);
        r.options.put("predictors", opt.predictors());
        r.options.put("engine", opt.engine());
        r.options.put("runs", opt.runs());
        r.options.put("trials", confirm.trials());
        r.options.put("seed", opt.seed());
        r.options.put("timeout", runTimeoutMillis / 1000);
        r.options.put("trialTimeout", confirm.timeoutMillis() / 1000);
        r.options.put("budget", Budgets.format(opt.budget()));
        if (!AtomicSpec.named().isEmpty()) {
            r.options.put("atomic", AtomicSpec.named());
        }
        if (!program.classPath().isEmpty()) {
            r.options.put("classpath", program.classPath().stream().map(Path::toString).toList());
        }
        current = r;
        boolean wantStatic = opt.predictors().contains("static");
        String detectors = String.join(" ", DETECTORS);
        log.println("phase 1: " + (wantStatic ? "static (" + opt.engine() + ") beside " : "") + opt.runs() + " dynamic run"
                + (opt.runs() == 1 ? "" : "s") + " (" + detectors + ") ...");
        AtomicReference<StaticResult> statics = new AtomicReference<>();
        AtomicReference<Throwable> staticFailure = new AtomicReference<>();
        Thread staticThread = null;
        long staticStart = System.nanoTime();
        if (wantStatic) {
            Duration share = StaticShare.of(opt.budget());
            if (share != null) {
                r.options.put("staticShare", Budgets.format(share));
            }
            staticThread = new Thread(() -> {
                try {
                    StaticResult s = StaticPhase.run(program, opt.engine(), new StaticOptions(share, x -> { }));
                    double secs = seconds(staticStart);
                    synchronized (phases) {
                        phases.merge("static", secs, Double::sum);
                    }
                    statics.set(s);
                    if (s.stats().get(StaticResult.CLASS_PATH_SKIPPED) instanceof List<?> skipped) {
                        log.println("phase 1, static: skipped as java does, class path entries that do not exist: "
                                + String.join(", ", skipped.stream().map(String::valueOf).toList()));
                    }
                    log.println(String.format(java.util.Locale.ROOT, "phase 1, static (%s): %d pairs, %.1f s%s",
                            opt.engine(), s.pairs().size(), secs, s.partial() == null ? ""
                                    : " (partial: " + s.partial() + "; its share is a quarter of --budget)"));
                } catch (Throwable e) {
                    staticFailure.set(e);
                    if (e instanceof UsageError) {
                        Children.killAll(); // bad input: the dynamic runs are of no use now
                    }
                }
            }, "racepipe-static");
            staticThread.setDaemon(true); // a stop need not wait for the engine
            staticThread.start();
        }
        if (opt.sized() && !stop.now()) {
            sizeByPlainRun(r);
        }
        DetectRuns.Options runs = new DetectRuns.Options(DETECTORS, opt.runs(),
                seededRuns ? opt.seed() : null, runTimeoutMillis, true).stretchedIf(opt.sized());
        if (!seededRuns && staticThread != null && "wala".equals(opt.engine())) {
            runs = withStaticHelp(r, runs, staticThread, statics);
        }
        long t0 = System.nanoTime();
        DetectRuns.Result d = DetectRuns.run(program, runs, out.resolve("runs"), () -> stop.now() || staticFailure.get() instanceof UsageError);
        double dynamic = seconds(t0);
        synchronized (phases) {
            phases.merge("dynamic", dynamic, Double::sum);
        }
        if (!stop.now() && !(staticFailure.get() instanceof UsageError)) {
            List<String> notes = new ArrayList<>(RunNotes.of(d.runs(), runTimeoutMillis / 1000));
            if (d.skipped() > 0) {
                r.options.put("runsSkipped", d.skipped());
                r.options.put("runsSkippedWhy", d.skippedWhy());
                notes.add(RunNotes.skipped(d.skipped(), d.skippedWhy()));
            }
            log.println(String.format(java.util.Locale.ROOT, "phase 1, dynamic: %d pairs, %.1f s%s", d.pairs().size(), dynamic,
                    notes.isEmpty() ? "" : "; " + String.join("; ", notes)));
            RunNotes.uninstrumented(d.uninstrumented()).forEach(log::println);
        }
        while (staticThread != null && staticThread.isAlive() && !stop.now()) {
            staticThread.join(100);
        }
        Throwable failed = staticFailure.get();
        if (failed instanceof UsageError e) {
            throw e;
        } else if (failed != null) { // the engine's own failure (a class it cannot read, its memory): the rest goes on without it
            String line = CrashLog.line(new InternalFailure("phase 1, static (" + opt.engine() + ") failed", "going on with the dynamic"
                    + " predictors only" + ("wala".equals(opt.engine()) ? " (--engine sootup may get through)" : ""), failed));
            log.println(line);
            r.options.put("staticFailed", line);
        }
        if (staticThread != null && statics.get() == null) {
            synchronized (phases) {
                phases.merge("static", seconds(staticStart), Double::sum); // stopped while the engine ran
            }
        }
        if (stop.now()) {
            log.println("phase 1: stopped, " + stop.reason() + ": " + (staticThread == null ? ""
                    : statics.get() != null ? "static done, " : "static not done, ") + d.runs().size() + " of " + opt.runs()
                    + " dynamic runs done; what they found is reported (--resume reruns Phase 1)");
        }
        Map<String, RacePair> pairs = new TreeMap<>();
        if (statics.get() != null) {
            for (RacePair p : StaticPhase.pairs(statics.get())) {
                pairs.put(p.key, p);
            }
        }
        for (RacePair p : d.pairs().values()) {
            RacePair known = pairs.putIfAbsent(p.key, p);
            if (known != null) {
                if (known.variable != null && known.variable.endsWith("[]") && p.variable != null && p.variable.endsWith("[]")) {
                    known.variable = p.variable; // the agent names an array by its field or local where the engine has its type
                }
                known.predictors.putAll(p.predictors);
                known.useLibraryOf(p); // what the run's library calls did, not all the engine lifted
                if (p.evidence != null) {
                    known.evidence.putAll(p.evidence);
                }
            }
        }
        r.runs = d.runs();
        r.uninstrumented = d.uninstrumented().isEmpty() ? null : d.uninstrumented();
        r.pairs = new ArrayList<>(pairs.values());
        OtherCandidates.place(r, d.candidates().values());
        StaticCycles.merge(r, statics.get());
        StaticAtomicity.merge(r, statics.get());
        return r;
    }

    private boolean isCandidate(RacePair p) {
        return SeenOrdered.candidate(p, opt.predictors());
    }

    /**
     * A program that runs for seconds (RunLimits: no seeded runs) spends most of an instrumented
     * run in accesses to objects its threads keep to themselves (a kernel's per-thread arrays):
     * the runs wait for the engine, and what it proved thread-local goes unwatched (StaticHelp,
     * Choi et al.), as {@code detect --static-help} does. Said on the terminal and in the report.
     */
    private DetectRuns.Options withStaticHelp(ResultFile r, DetectRuns.Options runs, Thread staticThread,
                                              AtomicReference<StaticResult> statics) throws IOException, InterruptedException {
        long until = System.nanoTime() + StaticShare.helpWait(opt.budget()).toNanos();
        while (staticThread.isAlive() && !stop.now() && System.nanoTime() < until) {
            staticThread.join(100);
        }
        StaticResult s = statics.get();
        if (s == null) {
            log.println("phase 1: the dynamic runs go without static help: the engine was not done in "
                    + Budgets.format(StaticShare.helpWait(opt.budget())));
            return runs;
        }
        if (s.threadLocal().isEmpty()) {
            return runs;
        }
        Path file = Files.write(out.resolve("runs/unwatched.txt"), s.threadLocal());
        r.options.put("staticHelp", java.util.Map.of("engine", "wala", "unwatched", s.threadLocal().size()));
        log.println("phase 1: static help: " + s.threadLocal().size() + " accesses the engine proved thread-local are not"
                + " watched in the runs (a program this long)");
        return runs.withUnwatched(file);
    }

    /** Times the program run plain and sizes the run and trial limits by it (RunLimits); the report says so. */
    private void sizeByPlainRun(ResultFile r) throws IOException, InterruptedException {
        Files.createDirectories(out.resolve("runs"));
        PlainRun.Result plain = PlainRun.measure(program, RunLimits.plainCapMillis(opt.budget()), out.resolve("runs/plain.log"));
        RunLimits.Limits limits = RunLimits.of(plain, opt.budget());
        runTimeoutMillis = limits.runMillis();
        seededRuns = limits.seeded();
        confirm = confirm.withTimeout(limits.trialMillis());
        r.options.put("timeout", runTimeoutMillis / 1000);
        r.options.put("trialTimeout", confirm.timeoutMillis() / 1000);
        if (!seededRuns) {
            r.options.put("seededRuns", false);
        }
        r.options.put("plainRun", java.util.Map.of("seconds", Math.round(plain.seconds() * 10) / 10.0, "ended", plain.ended(),
                "exitStatus", plain.exitStatus()));
        synchronized (phases) {
            phases.merge("plain", plain.seconds(), Double::sum);
        }
        log.println("phase 1: " + limits.why() + " (--timeout sets both)");
    }

    private void confirmCandidates(ResultFile r) throws IOException, InterruptedException {
        Ranking.Seen seen = Ranking.seen(r.pairs);
        // what no run was seen running says something only when some run went to the end
        boolean ranToEnd = r.runs != null && r.runs.stream().anyMatch(x -> x.outcome() != null && x.outcome().ended()
                && x.outcome() != racepipe.contract.Outcome.DEADLOCK);
        List<RacePair> ranked = Ranking.rank(r.pairs.stream().filter(this::isCandidate).toList(), seen);
        Map<RacePair, Tier> tiers = new java.util.IdentityHashMap<>();
        for (RacePair p : ranked) {
            Tier t = Ranking.tier(p, seen);
            tiers.put(p, t);
            p.tier = t.label;
        }
        double before = phases.getOrDefault("confirm", 0.0);
        long t0 = System.nanoTime();
        List<racepipe.pipeline.model.Candidate> others = OtherCandidates.ranked(r);
        try (TrialLog trials = new TrialLog(out.resolve("trials.jsonl"));
             Progress bar = Progress.of(log, (long) (ranked.size() + others.size()) * confirm.trials())) {
            // the other kinds first: few, and each settles at its first hit
            new CandidateQueue(program, confirm, trials, stop, bar, () -> {
                synchronized (phases) {
                    phases.put("confirm", before + seconds(t0));
                }
                savePhases();
            }).run(others);
            new PairQueue(program, confirm, trials, stop, bar, ranToEnd, () -> {
                synchronized (phases) {
                    phases.put("confirm", before + seconds(t0));
                }
                savePhases();
            }, trialRunner).run(ranked, tiers);
        } finally {
            synchronized (phases) {
                phases.put("confirm", before + seconds(t0));
            }
        }
        if (stop.now()) {
            long left = ranked.stream().filter(p -> p.verdict == null || "untried".equals(p.verdict)).count();
            log.println("phase 2: stopped, " + stop.reason() + ": " + left + " of " + ranked.size() + " pairs left untried");
        }
    }

    private Summary summary(ResultFile r) {
        Tally t = Tally.of(r.pairs, List.of("static", "ls", "eraser", "hybrid", "hb", "shb", "wcp", "syncp"), this::isCandidate);
        synchronized (phases) {
            return new Summary(t.sets(), t.counts(), t.verdicts(), new LinkedHashMap<>(phases), round(wallBefore + seconds(start)),
                    sessionsBefore + 1);
        }
    }

    /** The phase times of the earlier sessions of this out folder (phases.json), if any. */
    private void loadPhases() {
        Path f = out.resolve(PHASES_FILE);
        if (!Files.exists(f)) {
            return;
        }
        try {
            Map<String, Object> m = ResultFile.JSON.readValue(f.toFile(), new TypeReference<Map<String, Object>>() { });
            if (m.get("phases") instanceof Map<?, ?> ph) {
                ph.forEach((k, v) -> {
                    if (v instanceof Number n) {
                        phases.put(String.valueOf(k), n.doubleValue());
                    }
                });
            }
            wallBefore = m.get("wall") instanceof Number n ? n.doubleValue() : 0;
            sessionsBefore = m.get("sessions") instanceof Number n ? n.intValue() : 0;
        } catch (IOException | RuntimeException e) {
            log.println("racepipe: " + f + " unreadable: the earlier sessions' times are not counted");
        }
    }

    /** Keeps the phase times, summed over the sessions, beside trials.jsonl (written whole, then moved in place). */
    private void savePhases() {
        Map<String, Object> m = new LinkedHashMap<>();
        synchronized (phases) {
            m.put("phases", new LinkedHashMap<>(phases));
        }
        m.put("wall", round(wallBefore + seconds(start)));
        m.put("sessions", sessionsBefore + 1);
        try {
            Path tmp = out.resolve(PHASES_FILE + ".tmp");
            ResultFile.JSON.writeValue(tmp.toFile(), m);
            Files.move(tmp, out.resolve(PHASES_FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // the times are a nicety; the verdicts do not depend on them
        }
    }

    private static double round(double s) {
        return Math.round(s * 10) / 10.0;
    }

    private static double seconds(long t0) {
        return Math.round((System.nanoTime() - t0) / 1e8) / 10.0;
    }
}
