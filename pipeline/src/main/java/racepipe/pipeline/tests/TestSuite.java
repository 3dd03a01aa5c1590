package racepipe.pipeline.tests;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import racepipe.contract.TrialResult;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.DetectRun;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.Summary;
import racepipe.pipeline.model.Tally;
import racepipe.pipeline.model.TestInfo;
import racepipe.pipeline.run.Analysis;
import racepipe.pipeline.run.Children;
import racepipe.pipeline.run.ConfirmRuns;
import racepipe.pipeline.run.DetectRuns;
import racepipe.pipeline.run.Home;
import racepipe.pipeline.run.StaticPhase;
import racepipe.statics.StaticResult;

/**
 * {@code racepipe test}: a project's JUnit tests, unchanged, each test method a program.
 * <ol>
 * <li>The plain run: the selected test classes once without racepipe, in one JVM (JUnit Platform
 * launcher, {@link racepipe.pipeline.tests.runner.SuiteRunner}): which tests there are, which
 * fail already, and what an ordinary test run costs.</li>
 * <li>Phase 1: the static engine over the tests and main classes with every test method as an
 * entry ({@link StaticEntries}), beside the dynamic detectors on the test classes under the
 * agent, a batch of classes per JVM; after each test the runner reads the detectors' pairs, so
 * each pair names the tests that first reached it. A static pair no run saw goes to the tests
 * whose call graph reaches its accesses ({@link Reach}).</li>
 * <li>Phase 2: per test, analyze's Phase 2 ({@link Analysis} from a prepared phase1.json in
 * {@code tests/N/}) on the program that runs that one test through JUnit: RaceFuzzer trials in
 * worker JVMs, a fresh class loader per trial, the stopping rule, the verdicts.</li>
 * </ol>
 * Pairs with an access in racepipe's own classes are dropped; JUnit and the other jars are
 * dependencies, whose accesses count at the project's calls into them.
 */
public final class TestSuite {
    /** {@code batch}: test classes per Phase 1 JVM; {@code runTimeoutMillis}: per plain or Phase 1 JVM and class. */
    public record Options(List<String> select, List<String> predictors, String engine, int trials, long seed, int jobs,
                          long timeoutMillis, long runTimeoutMillis, Duration budget, int batch) {
    }

    /** The replay command of a confirmed pair: the test's runner selector, the pair, the example's seed and scheduler. */
    public interface Replays {
        String command(String selector, RacePair pair, long seed, String scheduler);
    }

    static final List<String> DETECTORS = racepipe.pipeline.run.Analysis.DETECTORS; // all seven, as analyze

    private final Path tests;
    private final List<Path> classPath;
    private final Options opt;
    private final Path out;
    private final PrintStream log;
    private final Replays replays;
    private final List<String> jvmArgs;
    private final long start = System.nanoTime();
    private final Map<String, Double> phases = new LinkedHashMap<>();
    /** Phase 1's atomicity violations and lock cycles by key; Phase 2 replaces each with its tried one. */
    private final Map<String, Candidate> others = new LinkedHashMap<>();
    private String stoppedIn;
    private volatile boolean signalled;
    private volatile ResultFile current;

    public TestSuite(Path tests, List<Path> classPath, Options opt, Path out, PrintStream log, Replays replays) {
        this(tests, classPath, List.of(), opt, out, log, replays);
    }

    /** {@code jvmArgs}: the options (--jvm-arg) of every JVM that runs the tests. */
    public TestSuite(Path tests, List<Path> classPath, List<String> jvmArgs, Options opt, Path out, PrintStream log, Replays replays) {
        this.jvmArgs = List.copyOf(jvmArgs);
        this.tests = tests;
        this.classPath = classPath;
        this.opt = opt;
        this.out = out;
        this.log = log;
        this.replays = replays;
    }

    /** The runner's selector for a --select value: a unique id, CLASS#METHOD or CLASS. */
    public static String selector(String select) {
        if (select.startsWith("[")) {
            return "uid:" + select;
        }
        if (select.startsWith("uid:") || select.startsWith("method:") || select.startsWith("class:")) {
            return select;
        }
        return select.contains("#") ? "method:" + select : "class:" + select;
    }

    /** Refuses a selection that names a class the tests do not have. */
    static void checkSelection(List<String> all, List<String> select) {
        for (String s : select) {
            String sel = selector(s);
            if (!sel.startsWith("class:") && !sel.startsWith("method:")) {
                continue;
            }
            String cls = sel.substring(sel.indexOf(':') + 1).replaceFirst("#.*", "");
            if (!all.contains(cls)) {
                throw new UsageError("no test class " + cls + " in the tests (test classes: " + String.join(", ",
                        all.subList(0, Math.min(5, all.size()))) + (all.size() > 5 ? ", ..." : "") + ")");
            }
        }
    }

    public ResultFile run() throws IOException, InterruptedException {
        Files.createDirectories(out);
        Children.allow();
        SuiteProgram prog = SuiteProgram.build(tests, classPath, out.resolve("program")).runWith(jvmArgs);
        prog.notes().forEach(n -> log.println("racepipe: " + n));
        List<String> selectors = new ArrayList<>();
        if (opt.select() == null || opt.select().isEmpty()) {
            prog.testClasses().forEach(c -> selectors.add("class:" + c));
        } else {
            checkSelection(prog.testClasses(), opt.select());
            opt.select().forEach(s -> selectors.add(selector(s)));
        }
        if (selectors.isEmpty()) {
            throw new UsageError("no test classes in " + tests + " (surefire's names: Test*, *Test, *Tests, *TestCase)");
        }
        // 1. the plain run
        List<JsonNode> plain = plainRun(prog, selectors);
        Map<String, TestInfo> infos = new LinkedHashMap<>();
        for (JsonNode t : plain) {
            infos.put(t.path("uid").asText(), new TestInfo(t.path("uid").asText(), text(t, "class"), text(t, "method"),
                    text(t, "name"), status(t), text(t, "failure"), null, null));
        }
        long tests = plain.stream().filter(t -> "test".equals(text(t, "kind"))).count();
        if (tests == 0) {
            throw new UsageError("no JUnit test ran in " + this.tests + (plain.isEmpty() ? "" : ": " + infos.values().stream()
                    .filter(i -> i.failure() != null).map(i -> i.label() + ": " + firstLine(i.failure())).findFirst().orElse("")));
        }
        long failing = infos.values().stream().filter(i -> "failed".equals(i.plain())).count();
        log.println(String.format(Locale.ROOT, "tests: %d in %d classes, %.1f s without racepipe%s", tests,
                plain.stream().map(t -> text(t, "class")).filter(c -> c != null).distinct().count(), phases.get("plain"),
                failing == 0 ? "" : "; " + failing + " fail without racepipe (reported, still analysed)"));
        // 2. Phase 1: static beside the dynamic batches
        ResultFile r = new ResultFile();
        r.tool = ProgramInfo.tool();
        r.program = ProgramInfo.program(prog.runtime(List.of()));
        r.options.put("tests", this.tests.toAbsolutePath().normalize().toString());
        if (opt.select() != null && !opt.select().isEmpty()) {
            r.options.put("select", opt.select());
        }
        r.options.put("predictors", opt.predictors());
        r.options.put("engine", opt.engine());
        r.options.put("trials", opt.trials());
        r.options.put("seed", opt.seed());
        r.options.put("timeout", opt.timeoutMillis() / 1000);
        r.options.put("budget", racepipe.pipeline.run.Budgets.format(opt.budget()));
        r.options.put("classpath", prog.dependencies().stream().map(Path::toString).toList());
        Map<String, List<String>> reachedBy = new LinkedHashMap<>();
        Map<String, RacePair> pairs = phase1(prog, selectors, r, reachedBy, infos);
        r.pairs = new ArrayList<>(pairs.values());
        current = r;
        // 3. Phase 2: per test, the pairs it was first to reach
        Map<String, List<RacePair>> byTest = new LinkedHashMap<>();
        for (RacePair p : r.pairs) {
            List<String> who = reachedBy.get(p.key);
            if (isCandidate(p) && who != null && !who.isEmpty()) {
                byTest.computeIfAbsent(who.get(0), k -> new ArrayList<>()).add(p);
            }
        }
        Map<String, List<Candidate>> othersByTest = new LinkedHashMap<>();
        for (Candidate c : others.values()) {
            List<String> who = reachedBy.get(c.key);
            if (who != null && !who.isEmpty()) {
                othersByTest.computeIfAbsent(who.get(0), k -> new ArrayList<>()).add(c);
            }
        }
        phase2(prog, byTest, othersByTest, r, infos);
        for (racepipe.contract.CandidateKind kind : racepipe.contract.CandidateKind.values()) {
            if (kind != racepipe.contract.CandidateKind.RACE) {
                List<Candidate> list = new ArrayList<>();
                for (Candidate c : others.values()) {
                    if (c.kindOf() == kind) {
                        List<String> who = reachedBy.get(c.key);
                        if (c.verdict == null) {
                            c.verdict = who == null || who.isEmpty() ? "unreached" : "untried";
                        }
                        list.add(c);
                    }
                }
                r.candidates(kind, list);
            }
        }
        for (RacePair p : r.pairs) {
            List<String> who = reachedBy.get(p.key);
            if (who != null) {
                p.tests = who.stream().map(u -> infos.containsKey(u) ? infos.get(u).label() + " (" + u + ")" : u).toList();
            }
            if (isCandidate(p) && p.verdict == null) {
                if (who == null || who.isEmpty()) {
                    p.verdict = "unreached";
                    p.unwatched = null;
                } else {
                    p.verdict = "untried";
                }
            }
        }
        Map<String, Integer> firsts = new TreeMap<>();
        byTest.forEach((k, v) -> firsts.put(k, v.size()));
        r.tests = infos.values().stream().map(i -> new TestInfo(i.id(), i.className(), i.method(), i.name(), i.plain(), i.failure(),
                i.phase1(), firsts.get(i.id()))).toList();
        finish(r);
        return r;
    }

    private boolean isCandidate(RacePair p) {
        return racepipe.pipeline.run.SeenOrdered.candidate(p, opt.predictors());
    }

    /**
     * SIGINT/SIGTERM: the test JVMs are killed and none starts again; run() ends as when the
     * budget runs out, with what it found (the pairs not tried yet are untried), and its caller
     * writes the report.
     */
    public void stop() {
        signalled = true;
        racepipe.pipeline.run.Children.stopAll();
    }

    /** What run() has found so far (null before Phase 1 ended), for a report written without its end. */
    public ResultFile sofar() {
        return current;
    }

    private long remainingMillis() {
        if (signalled) {
            return 0;
        }
        if (opt.budget() == null) {
            return Long.MAX_VALUE;
        }
        return opt.budget().toMillis() - (System.nanoTime() - start) / 1_000_000;
    }

    /** The tests once without the agent, in one JVM: their lines (TestInfo's fields). */
    private List<JsonNode> plainRun(SuiteProgram prog, List<String> selectors) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(out.resolve("plain"));
        Path lines = dir.resolve("tests.jsonl");
        Files.deleteIfExists(lines);
        Path sel = dir.resolve("selectors.txt");
        Files.write(sel, selectors);
        ProgramInput p = prog.runtime(List.of("suite", lines.toString(), "@" + sel));
        List<String> cmd = new ArrayList<>(List.of(Home.javaBinary().toString()));
        cmd.addAll(p.jvmArgs());
        cmd.addAll(List.of("-cp", String.join(File.pathSeparator,
                p.classPath().stream().map(Path::toString).toList()) + File.pathSeparator + p.jar(), SuiteProgram.RUNNER));
        cmd.addAll(p.args());
        log.println("plain run: the tests without racepipe ...");
        long t0 = System.nanoTime();
        long limit = Math.min(remainingMillis(), opt.runTimeoutMillis() * Math.max(1, selectors.size()));
        racepipe.pipeline.run.ChildJvm.Ended ended = racepipe.pipeline.run.ChildJvm.run(cmd, dir.resolve("run.log"), limit);
        if (ended.timedOut()) {
            log.println("plain run: cut after " + limit / 1000 + " s; the tests that did not end are left out");
        }
        phases.put("plain", seconds(t0));
        List<JsonNode> out = readLines(lines);
        if (out.isEmpty()) {
            String tail = String.join(" | ", tail(dir.resolve("run.log"), 3));
            throw new UsageError("the tests did not run without racepipe (log " + dir.resolve("run.log") + "): " + tail);
        }
        return out;
    }

    private Map<String, RacePair> phase1(SuiteProgram prog, List<String> selectors, ResultFile r, Map<String, List<String>> reachedBy,
                                         Map<String, TestInfo> infos) throws IOException, InterruptedException {
        boolean wantStatic = opt.predictors().contains("static");
        AtomicReference<StaticResult> statics = new AtomicReference<>();
        AtomicReference<Throwable> staticFailure = new AtomicReference<>();
        Thread staticThread = null;
        if (wantStatic) {
            staticThread = new Thread(() -> {
                long t0 = System.nanoTime();
                try {
                    // a third of the budget at most (a partial result after it): Phase 2 needs the rest
                    StaticResult s = StaticPhase.run(prog.statics(), opt.engine(), new racepipe.statics.StaticOptions(
                            opt.budget() == null ? null : opt.budget().dividedBy(3), x -> { }));
                    synchronized (phases) {
                        phases.put("static", seconds(t0));
                    }
                    statics.set(s);
                    log.println(String.format(Locale.ROOT, "phase 1, static (%s): %d pairs, %.1f s", opt.engine(), s.pairs().size(),
                            seconds(t0)));
                } catch (Throwable e) {
                    staticFailure.set(e);
                }
            }, "racepipe-static");
            staticThread.setDaemon(true);
            staticThread.start();
        }
        log.println("phase 1: " + (wantStatic ? "static (" + opt.engine() + ") beside " : "") + "the tests under the agent ("
                + String.join(" ", DETECTORS) + "), " + opt.batch() + " class" + (opt.batch() == 1 ? "" : "es") + " a JVM ...");
        long t0 = System.nanoTime();
        Map<String, RacePair> pairs = new TreeMap<>();
        List<DetectRun> runs = new ArrayList<>();
        Map<String, racepipe.contract.RunResult.Uninstrumented> left = new TreeMap<>();
        int b = 0;
        for (int i = 0; i < selectors.size() && remainingMillis() > 0; i += opt.batch(), b++) {
            List<String> batch = selectors.subList(i, Math.min(selectors.size(), i + opt.batch()));
            Path dir = Files.createDirectories(out.resolve("runs").resolve("batch-" + b));
            Path lines = dir.resolve("tests.jsonl");
            Files.deleteIfExists(lines);
            Path sel = dir.resolve("selectors.txt");
            Files.write(sel, batch);
            ProgramInput p = prog.runtime(List.of("suite", lines.toString(), "@" + sel));
            DetectRuns.Result d = DetectRuns.run(p, new DetectRuns.Options(DETECTORS, 1, null,
                    Math.min(opt.runTimeoutMillis() * batch.size(), Math.max(1, remainingMillis()))), dir, () -> remainingMillis() <= 0);
            for (DetectRun run : d.runs()) {
                runs.add(new DetectRun(runs.size(), run.seed(), run.outcome(), run.exitStatus(), run.exceptions(), run.log(), run.sets(), run.hang()));
            }
            d.uninstrumented().forEach(u -> left.putIfAbsent(u.label(), u));
            d.candidates().forEach(others::putIfAbsent);
            for (RacePair p2 : d.pairs().values()) {
                RacePair known = pairs.putIfAbsent(p2.key, p2);
                if (known != null) {
                    p2.predictors.forEach((k, v) -> known.predictors.merge(k, v, (x, y) -> (Integer) x + (Integer) y));
                    known.addLibrary(p2.sites);
                    if (p2.variables != null) {
                        known.addVariables(p2.variables);
                    }
                    if (p2.evidence != null) {
                        known.evidence.putAll(p2.evidence);
                    }
                }
            }
            for (JsonNode t : readLines(lines)) {
                String uid = t.path("uid").asText();
                TestInfo was = infos.get(uid);
                if (was != null) {
                    infos.put(uid, new TestInfo(was.id(), was.className(), was.method(), was.name(), was.plain(), was.failure(),
                            status(t), null));
                }
                for (JsonNode k : t.path("candidates")) { // an atomicity violation or lock cycle, as a pair: who found it
                    List<String> who = reachedBy.computeIfAbsent(k.asText(), x -> new ArrayList<>());
                    if (!who.contains(uid) && "test".equals(text(t, "kind"))) {
                        who.add(uid);
                    }
                }
                for (JsonNode k : t.path("pairs")) {
                    List<String> who = reachedBy.computeIfAbsent(k.asText(), x -> new ArrayList<>());
                    if (!who.contains(uid) && "test".equals(text(t, "kind"))) {
                        who.add(uid);
                    }
                }
            }
        }
        phases.put("dynamic", seconds(t0));
        if (remainingMillis() <= 0) {
            stoppedIn = "phase 1";
        }
        long timedOut = runs.stream().filter(x -> x.outcome() == racepipe.contract.Outcome.TIMEOUT).count();
        log.println(String.format(Locale.ROOT, "phase 1, dynamic: %d pairs, %d JVM%s, %.1f s%s", pairs.size(), runs.size(),
                runs.size() == 1 ? "" : "s", phases.get("dynamic"), timedOut == 0 ? "" : "; " + timedOut + " timed out after "
                        + opt.runTimeoutMillis() / 1000 + " s a class"));
        while (staticThread != null && staticThread.isAlive() && remainingMillis() > 0) {
            staticThread.join(100);
        }
        if (staticFailure.get() instanceof UsageError u) {
            throw u;
        } else if (staticFailure.get() != null) {
            log.println("racepipe: the static engine failed (" + staticFailure.get() + "); going on with the dynamic pairs");
        }
        if (statics.get() != null) {
            Reach reach = null;
            for (RacePair p : StaticPhase.pairs(statics.get())) {
                RacePair known = pairs.get(p.key);
                if (known != null) {
                    known.predictors.putAll(p.predictors);
                    if (known.sites.stream().allMatch(x -> x.library().isEmpty())) { // what ran wins over what the engine lifted
                        known.addLibrary(p.sites);
                    }
                    if (p.evidence != null) {
                        if (known.evidence == null) {
                            known.evidence = new TreeMap<>();
                        }
                        known.evidence.putAll(p.evidence);
                    }
                    continue;
                }
                pairs.put(p.key, p);
                if (reach == null) {
                    reach = Reach.of(prog, infos.values());
                }
                List<String> who = reach.tests(p);
                if (!who.isEmpty()) {
                    reachedBy.put(p.key, new ArrayList<>(who));
                }
            }
        }
        pairs.values().removeIf(p -> p.sites.stream().anyMatch(s -> SuiteProgram.isRacepipe(s.key())) || insideJUnit(p));
        // a test's report lists what may race: a pair the runs saw ordered is no candidate (runs[] keep the detectors' own sets)
        int before = pairs.size();
        pairs.values().removeIf(p -> !isCandidate(p) && racepipe.pipeline.run.SeenOrdered.ordered(p));
        if (pairs.size() < before) {
            log.println("phase 1: " + (before - pairs.size()) + " pair" + (before - pairs.size() == 1 ? "" : "s")
                    + " that only lockset reported left out: the runs saw them ordered by happens-before");
        }
        r.runs = runs;
        r.uninstrumented = left.isEmpty() ? null : new ArrayList<>(left.values());
        return pairs;
    }

    static final List<String> JUNIT = List.of("org.junit.", "junit.", "org.opentest4j.");

    /**
     * A race inside JUnit: on a variable of JUnit's own (counted at the tests' calls into it), or an
     * access made by JUnit's code alone (its library frames all JUnit's). Never reported.
     */
    static boolean insideJUnit(RacePair p) {
        String v = p.variable == null ? "" : p.variable;
        if (JUNIT.stream().anyMatch(j -> v.startsWith("call " + j) || v.startsWith(j))) {
            return true;
        }
        return p.sites.stream().anyMatch(s -> !s.library().isEmpty()
                && s.library().stream().allMatch(f -> JUNIT.stream().anyMatch(f::startsWith)));
    }

    /** analyze's Phase 2 for each test on the pairs it reached first, from a prepared phase1.json. */
    private void phase2(SuiteProgram prog, Map<String, List<RacePair>> pairsByTest, Map<String, List<Candidate>> othersByTest,
                        ResultFile r, Map<String, TestInfo> infos) throws IOException, InterruptedException {
        // every test with something to try: its pairs, and its atomicity violations and lock cycles (tried first, as analyze does)
        Map<String, List<RacePair>> byTest = new LinkedHashMap<>(pairsByTest);
        othersByTest.keySet().forEach(k -> byTest.putIfAbsent(k, new ArrayList<>()));
        int n = 0;
        int total = byTest.values().stream().mapToInt(List::size).sum();
        if (total > 0) {
            log.println("phase 2: " + total + " candidate pair" + (total == 1 ? "" : "s") + " in " + byTest.size() + " test"
                    + (byTest.size() == 1 ? "" : "s") + ", each re-run alone under RaceFuzzer ...");
        }
        long t0 = System.nanoTime();
        Map<String, RacePair> done = new LinkedHashMap<>();
        for (Map.Entry<String, List<RacePair>> e : byTest.entrySet()) {
            long left = remainingMillis();
            if (left <= 0) {
                stoppedIn = "phase 2";
                break;
            }
            String uid = e.getKey();
            String sel = "uid:" + uid;
            TestInfo info = infos.get(uid);
            log.println("  " + (info == null ? uid : info.label()) + ": " + e.getValue().size() + " pair" + (e.getValue().size() == 1 ? "" : "s"));
            Path dir = Files.createDirectories(out.resolve("tests").resolve(String.valueOf(n++)));
            ProgramInput p = prog.runtime(List.of("test", sel));
            ResultFile one = new ResultFile();
            one.tool = r.tool;
            one.program = ProgramInfo.program(p);
            one.options.putAll(r.options);
            one.options.put("test", uid);
            one.pairs = e.getValue();
            for (Candidate c : othersByTest.getOrDefault(uid, List.of())) {
                List<Candidate> l = one.candidates(c.kindOf()) == null ? new ArrayList<>() : new ArrayList<>(one.candidates(c.kindOf()));
                l.add(c);
                one.candidates(c.kindOf(), l);
            }
            one.runs = r.runs;
            Files.deleteIfExists(dir.resolve("trials.jsonl")); // an earlier racepipe test's: this one starts afresh
            Files.deleteIfExists(dir.resolve("phases.json"));
            one.write(dir.resolve("phase1.json"));
            ConfirmRuns.Options confirm = new ConfirmRuns.Options(opt.trials(), opt.seed(), "racefuzzer", opt.jobs(),
                    opt.timeoutMillis(), false, 20);
            Analysis a = new Analysis(p, new Analysis.Options(opt.predictors(), opt.engine(), 1, opt.seed(), opt.timeoutMillis(),
                    confirm, left == Long.MAX_VALUE ? null : Duration.ofMillis(left)), dir, quiet(log));
            ResultFile got = a.run();
            if (got.failure != null) {
                log.println("  " + (info == null ? uid : info.label()) + ": " + got.failure);
            }
            if (got.stopped != null) {
                stoppedIn = "phase 2";
            }
            boolean passesAlone = info != null && "successful".equals(info.plain());
            Map<String, Map<Long, TrialResult>> ran = passesAlone ? trialsOf(dir) : Map.of();
            for (Candidate c : got.otherCandidates()) {
                Candidate mine = others.get(c.key);
                if (mine != null && c.verdict != null && !"untried".equals(c.verdict)) {
                    others.put(c.key, c);
                }
            }
            for (RacePair q : got.pairs) {
                if ("real".equals(q.verdict) && ran.containsKey(q.key)) {
                    String harm = AfterRace.harm(q.sites.get(0), q.sites.get(1), new ArrayList<>(ran.get(q.key).values()));
                    if (harm != null) {
                        q.verdict = "harmful";
                        q.confirm.attribution = harm;
                    }
                }
                TrialResult example = q.confirm == null || q.confirm.examples == null ? null : q.confirm.examples.best();
                if (example != null) {
                    String mode = example.scheduler() != null ? example.scheduler() : "racefuzzer";
                    long seed = replayable(p, q, example, mode);
                    q.confirm.replay = replays.command(sel, q, seed, mode);
                }
                done.put(q.key, q);
            }
        }
        phases.put("confirm", seconds(t0));
        r.pairs.replaceAll(p -> done.getOrDefault(p.key, p));
    }

    /** The trials of each pair of a test's Phase 2 (its trials.jsonl), by pair key. */
    private static Map<String, Map<Long, TrialResult>> trialsOf(Path dir) throws IOException {
        Map<String, Map<Long, TrialResult>> out = new LinkedHashMap<>();
        Path f = dir.resolve("trials.jsonl");
        if (!Files.exists(f)) {
            return out;
        }
        for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            try {
                JsonNode n = ResultFile.JSON.readTree(l);
                TrialResult t = TrialResult.parse(n.path("trial").toString());
                out.computeIfAbsent(n.path("pair").asText(), k -> new LinkedHashMap<>()).put(t.seed(), t);
            } catch (IOException | RuntimeException e) {
                // a line cut by a kill
            }
        }
        return out;
    }

    /** Raced seeds tried as replays (a fresh JVM each, as the printed command runs) before one is printed anyway. */
    static final int REPLAY_TRIES = 4;

    /**
     * A seed whose replay races: the example's, else the next raced trial's whose replay does. A race
     * between tasks of a pool can replay differently from its trial (which worker takes which task,
     * and when, is the JDK's; the watchdog lets a worker between tasks go), so the printed seed is
     * one that was seen to replay; when none of the first few did, the example's, and the pair's
     * note says so.
     */
    private long replayable(ProgramInput program, RacePair q, TrialResult example, String mode) throws InterruptedException {
        List<Long> seeds = new ArrayList<>(List.of(example.seed()));
        for (racepipe.pipeline.model.TrialSummary t : q.trials == null ? List.<racepipe.pipeline.model.TrialSummary>of() : q.trials) {
            if (t.raced() && !seeds.contains(t.seed())) {
                seeds.add(t.seed());
            }
        }
        ConfirmRuns.Options one = new ConfirmRuns.Options(1, example.seed(), mode, 1, Math.max(60_000, opt.timeoutMillis()), true, 20);
        int tried = 0;
        for (long seed : seeds.subList(0, Math.min(REPLAY_TRIES, seeds.size()))) {
            tried++;
            List<TrialResult> again = ConfirmRuns.run(program, q.sites.get(0), q.sites.get(1), one, List.of(seed), null);
            if (!again.isEmpty() && again.get(0).raced()) {
                if (tried > 1) {
                    note(q, "the replay command's seed is the " + tried + "th raced trial's: the earlier ones' replays did not race"
                            + " (tasks of a pool: which worker takes which task is the JDK's)");
                }
                return seed;
            }
        }
        note(q, "none of " + tried + " raced trials' seeds raced again when replayed (tasks of a pool: which worker takes which"
                + " task is the JDK's); the replay may need several runs");
        return example.seed();
    }

    private static void note(RacePair q, String s) {
        q.confirm.note = q.confirm.note == null ? s : q.confirm.note + "; " + s;
    }

    private void finish(ResultFile r) {
        Tally t = Tally.of(r.pairs, List.of("static", "ls", "eraser", "hybrid", "hb"), this::isCandidate);
        int candidates = t.counts().get("candidates");
        int untried = (int) r.pairs.stream().filter(p -> isCandidate(p) && "untried".equals(p.verdict)).count();
        double wall = seconds(start);
        if (stoppedIn != null) {
            r.stopped = new ResultFile.Stopped(signalled ? "interrupted (SIGINT/SIGTERM)"
                    : "the budget of " + racepipe.pipeline.run.Budgets.format(opt.budget()) + " ran out", stoppedIn, wall, untried, candidates);
        }
        r.summary = new Summary(t.sets(), t.counts(), t.verdicts(), new LinkedHashMap<>(phases), wall, 1);
    }

    /** Analysis's log without its "phase 1: resumed" line: Phase 1 is the suite's, printed above. */
    private static PrintStream quiet(PrintStream log) {
        return new PrintStream(new OutputStream() {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream();

            @Override
            public void write(int b) {
                line.write(b);
                if (b == '\n' || b == '\r') {
                    flush();
                }
            }

            @Override
            public void flush() {
                String s = line.toString(StandardCharsets.UTF_8);
                line.reset();
                if (!s.startsWith("phase 1: resumed")) {
                    log.print(s);
                    log.flush();
                }
            }
        }, true, StandardCharsets.UTF_8);
    }

    private static List<JsonNode> readLines(Path f) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(f)) {
            return out;
        }
        for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            if (!l.isBlank()) {
                try {
                    out.add(ResultFile.JSON.readTree(l));
                } catch (IOException e) {
                    // a line cut by a kill for time
                }
            }
        }
        return out;
    }

    private static List<String> tail(Path f, int n) {
        try {
            List<String> all = Files.readAllLines(f);
            return all.subList(Math.max(0, all.size() - n), all.size());
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String text(JsonNode t, String field) {
        JsonNode v = t.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static String status(JsonNode t) {
        return t.path("status").asText().toLowerCase(Locale.ROOT);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static double seconds(long t0) {
        return Math.round((System.nanoTime() - t0) / 1e8) / 10.0;
    }
}
