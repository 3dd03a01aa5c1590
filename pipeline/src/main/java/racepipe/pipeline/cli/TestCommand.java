package racepipe.pipeline.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import racepipe.pipeline.input.CrashLog;
import racepipe.pipeline.input.JvmArgs;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.run.AtomicNames;
import racepipe.pipeline.run.AtomicSpec;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.TestInfo;
import racepipe.pipeline.run.Budgets;
import racepipe.pipeline.run.Launcher;
import racepipe.pipeline.tests.SuiteProgram;
import racepipe.pipeline.tests.TestSuite;
import racepipe.pipeline.triage.Baseline;
import racepipe.pipeline.triage.Suppressions;

/** {@code racepipe test}: a project's JUnit tests, unchanged, as the programs racepipe analyzes (Java's go test -race). */
@Command(name = "test", mixinStandardHelpOptions = true,
        description = {"Run a project's JUnit tests (JUnit 5, and JUnit 4 through the vintage engine) under racepipe: each test",
                "method is a program; Phase 1 runs the test classes under the dynamic detectors and the static engine with every",
                "test method as an entry; Phase 2 makes each candidate race by re-running the test that reached it (RaceFuzzer)."},
        footer = {"", "Exit codes: 0 no new race confirmed, 1 races confirmed, 2 usage error or bad input (no tests, no JUnit engine),"
                + " 3 the analysis failed.",
                "Writes report.json, report.sarif and report.html to --out (default racepipe-tests/)."})
public final class TestCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TESTS", description = "the compiled tests: a test-classes folder or a tests jar")
    Path tests;

    @Option(names = {"--cp", "--classpath"}, paramLabel = "PATH",
            description = "the tests' class path: the main classes, JUnit and the other dependencies (':'-separated, repeatable)")
    List<String> cp = new ArrayList<>();

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "an option for every JVM that runs the tests (repeatable), as surefire's argLine has it,"
                    + " e.g. --jvm-arg=--add-opens=java.base/java.lang=ALL-UNNAMED")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--select", paramLabel = "CLASS[#METHOD]",
            description = "only these test classes or methods (repeatable; a JUnit unique id also selects)")
    List<String> select = new ArrayList<>();

    @Option(names = "--predictors", split = ",", defaultValue = "static,hybrid",
            description = "which predictors feed Phase 2: static, hybrid, ls, eraser, hb (default: ${DEFAULT-VALUE})",
            converter = Predictor.Converter.class)
    List<Predictor> predictors;

    @Option(names = "--engine", defaultValue = "wala", description = "static engine: wala or sootup", converter = Engine.Converter.class)
    Engine engine;

    @Option(names = "--trials", defaultValue = "50",
            description = "the most Phase 2 trials a candidate gets; fewer once its verdict is settled (default: ${DEFAULT-VALUE})")
    int trials;

    @Option(names = "--budget", paramLabel = "DURATION", defaultValue = "30m",
            description = "time for the whole run, e.g. 90s, 10m, 1h, or none; candidates not reached in time are untried"
                    + " (default: ${DEFAULT-VALUE})")
    String budget;

    @Mixin
    JobsOption jobs;

    @Option(names = "--timeout", defaultValue = "30", description = "seconds per Phase 2 trial (one test) (default: ${DEFAULT-VALUE})")
    int timeout;

    @Option(names = "--class-timeout", defaultValue = "300",
            description = "seconds per test class in the plain run and Phase 1 (default: ${DEFAULT-VALUE})")
    int classTimeout;

    @Option(names = "--batch", defaultValue = "10", description = "test classes per Phase 1 JVM (default: ${DEFAULT-VALUE})")
    int batch;

    @Option(names = "--atomic", paramLabel = "CLASS#METHOD", split = ",",
            description = "also take this method (of the tests or the code they test) as an atomic block, as analyze --atomic"
                    + " (repeatable; or a .json file {\"atomic\": [...]})")
    List<String> atomic;

    @Option(names = "--seed", defaultValue = "1")
    long seed;

    @Option(names = "--out", defaultValue = "racepipe-tests", description = "the out folder (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--json", description = "also write report.json here")
    Path json;

    @Option(names = "--baseline", paramLabel = "REPORT",
            description = "an earlier report.json (or its out folder): its races are shown as known and not counted for the exit code")
    Path baseline;

    @Option(names = "--suppress", paramLabel = "FILE",
            description = "accepted races, one a line: SITE SITE # reason; listed with the reason, not counted")
    Path suppress;

    @Option(names = "--source-root", paramLabel = "DIR",
            description = "a folder of the sources, for the paths in report.sarif (repeatable; default: each src/main/java and"
                    + " src/test/java below the current folder)")
    List<Path> sourceRoots = new ArrayList<>();

    @Option(names = "--replay", paramLabel = "'SITE SITE SEED [SCHEDULER]'",
            description = "replay one trial of the test --select names (as a report's replay command gives it)")
    String replay;

    /**
     * How a report's replay command reads when racepipe runs inside a build tool (the Maven plugin's
     * goal): a template whose {@code {select}} and {@code {replay}} are replaced by the test's id and
     * the pair's 'SITE SITE SEED', each quoted for a shell. Default: this CLI's own test --replay.
     */
    @Option(names = "--replay-with", hidden = true)
    String replayWith;

    @Override
    public Integer call() throws Exception {
        if (trials < 1 || timeout < 1 || classTimeout < 1 || batch < 1) {
            throw new UsageError("--trials, --timeout, --class-timeout and --batch must be at least 1");
        }
        Duration limit;
        try {
            limit = Budgets.parse(budget);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        List<Path> classPath = new ArrayList<>();
        for (String c : cp) {
            for (String p : c.split(File.pathSeparator)) {
                if (!p.isBlank()) {
                    Path path = Path.of(p);
                    if (!Files.exists(path)) {
                        throw new UsageError("no such jar or folder on --cp: " + p);
                    }
                    classPath.add(path);
                }
            }
        }
        JvmArgs.check(jvmArgs);
        // the named blocks may be in the tests or the code under test: both are on this path
        AtomicSpec.name(atomic == null || atomic.isEmpty() ? List.of()
                : AtomicNames.resolve(atomic, new ProgramInput(tests, "", List.of(), classPath)));
        if (replay != null) {
            return replay(classPath);
        }
        CrashLog.useFolder(out);
        Baseline known = baseline == null ? null : Baseline.load(baseline);
        Suppressions accepted = suppress == null ? null : Suppressions.load(suppress);
        for (Path root : sourceRoots) {
            if (!Files.isDirectory(root)) {
                throw new UsageError("no such source folder: " + root);
            }
        }
        List<Path> roots = new ArrayList<>(sourceRoots);
        if (roots.isEmpty()) {
            for (String s : List.of("src/main/java", "src/test/java")) {
                if (Files.isDirectory(Path.of(s))) {
                    roots.add(Path.of(s));
                }
            }
        }
        TestSuite.Replays how = replayWith == null ? this::replayCommand : (sel, p, s, sched) -> replayWith
                .replace("{select}", quote(sel.replaceFirst("^uid:", ""))).replace("{replay}", quote(replaySpec(p, s, sched)));
        TestSuite suite = new TestSuite(tests, classPath, jvmArgs, new TestSuite.Options(select, Spelling.of(predictors), Spelling.of(engine),
                trials, seed, jobs.count(), timeout * 1000L, classTimeout * 1000L, limit, batch), out, System.err, how);
        try (StopHook stop = StopHook.install(suite::stop, () -> {
            ResultFile sofar = suite.sofar(); // what Phase 1 found, if this thread cannot report
            return sofar == null ? null : () -> sofar.write(out.resolve("report.json"));
        })) {
            return report(suite.run(), roots, known, accepted);
        }
    }

    /** report.json (and --json), .sarif, .html, the table and the tests; the exit code (0 or 1). */
    private int report(ResultFile r, List<Path> roots, Baseline known, Suppressions accepted) throws IOException {
        if (known != null) {
            known.mark(r.pairs);
            r.options.put("baseline", known.file().toString());
        }
        if (accepted != null) {
            for (Suppressions.Rule unused : accepted.mark(r.pairs)) {
                System.err.println("racepipe: " + unused.where() + " covers no pair of this run");
            }
            r.options.put("suppress", suppress.toAbsolutePath().normalize().toString());
        }
        r.write(out.resolve("report.json"));
        if (json != null) {
            r.write(json);
        }
        Reports.write(r, out, roots);
        AnalyzeTable.print(System.out, r, out);
        printTests(r);
        System.out.flush();
        return r.pairs.stream().anyMatch(RacePair::counted)
                || r.otherCandidates().stream().anyMatch(racepipe.pipeline.model.Candidate::counted) ? 1 : 0;
    }

    /** The confirmed races' tests, and the tests that fail without racepipe. */
    private static void printTests(ResultFile r) {
        for (RacePair p : r.pairs) {
            if (p.induced() && p.tests != null && !p.tests.isEmpty()) {
                System.out.println(p.verdict + " race on " + p.variable + ": ran by " + String.join(", ",
                        p.tests.stream().map(t -> t.replaceFirst(" \\(.*", "")).toList()));
            }
        }
        List<TestInfo> failing = r.tests == null ? List.of() : r.tests.stream().filter(t -> "failed".equals(t.plain())).toList();
        if (!failing.isEmpty()) {
            System.out.println(failing.size() + " test" + (failing.size() == 1 ? "" : "s") + " fail without racepipe: "
                    + String.join(", ", failing.stream().limit(5).map(TestInfo::label).toList()) + (failing.size() > 5 ? ", ..." : ""));
        }
    }

    /** {@code racepipe test TESTS --cp CP --select ID --replay 'A B SEED [SCHEDULER]'}, from any folder. */
    private String replayCommand(String selector, RacePair p, long seed, String scheduler) {
        StringBuilder sb = new StringBuilder(Launcher.command()).append(" test ").append(quote(tests.toAbsolutePath().normalize().toString()));
        if (!cp.isEmpty()) {
            List<String> abs = new ArrayList<>();
            for (String c : cp) {
                for (String e : c.split(File.pathSeparator)) {
                    if (!e.isBlank()) {
                        abs.add(Path.of(e).toAbsolutePath().normalize().toString());
                    }
                }
            }
            sb.append(" --cp ").append(quote(String.join(File.pathSeparator, abs)));
        }
        jvmArgs.forEach(a -> sb.append(' ').append(quote("--jvm-arg=" + a)));
        sb.append(" --select ").append(quote(selector.replaceFirst("^uid:", "")))
                .append(" --replay ").append(quote(replaySpec(p, seed, scheduler)));
        return sb.toString();
    }

    /** "SITE SITE SEED" and the scheduler when it is not RaceFuzzer: what --replay (and -Dracepipe.replay) takes. */
    public static String replaySpec(RacePair p, long seed, String scheduler) {
        return p.sites.get(0).key() + " " + p.sites.get(1).key() + " " + seed + ("racefuzzer".equals(scheduler) ? "" : " " + scheduler);
    }

    /** How often --replay runs the seed before it says the trial did not race. */
    static final int REPLAY_ATTEMPTS = 5;

    private int replay(List<Path> classPath) throws Exception {
        String[] t = replay.strip().split("\\s+");
        if (t.length < 3 || t.length > 4 || !t[2].matches("-?\\d+")) {
            throw new UsageError("--replay wants 'SITE SITE SEED' (and a scheduler, e.g. random), as a report's replay command gives it");
        }
        if (select.size() != 1) {
            throw new UsageError("--replay replays one test: give it with one --select (the report's replay command does)");
        }
        Path dir = Files.createTempDirectory("racepipe-replay-");
        try {
            SuiteProgram prog = SuiteProgram.build(tests, classPath, dir).runWith(jvmArgs);
            ReplayCommand r = new ReplayCommand();
            r.pair = List.of(t[0], t[1]);
            r.seed = Long.parseLong(t[2]);
            r.scheduler = t.length == 4 ? new Scheduler.Converter().convert(t[3]) : Scheduler.RACEFUZZER;
            r.timeout = Math.max(60, timeout);
            r.json = json;
            // a race between a pool's tasks can replay differently (which worker takes which task, and when, is the
            // JDK's): a replay that did not race runs again, up to REPLAY_ATTEMPTS times, and says so
            int code = 0;
            for (int attempt = 1; attempt <= REPLAY_ATTEMPTS; attempt++) {
                code = r.replay(prog.runtime(List.of("test", TestSuite.selector(select.get(0)))));
                if (code != 0) {
                    if (attempt > 1) {
                        System.out.println("(raced on attempt " + attempt + " of the same seed: a replay is exact where racepipe schedules; a pool's"
                                + " task placement is the JDK's)");
                    }
                    break;
                }
                if (attempt < REPLAY_ATTEMPTS) {
                    System.out.println("replay attempt " + attempt + " did not race; again (a pool's task placement is the JDK's)");
                }
            }
            return code;
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static String quote(String s) {
        return s.matches("[A-Za-z0-9_./:@=,+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
