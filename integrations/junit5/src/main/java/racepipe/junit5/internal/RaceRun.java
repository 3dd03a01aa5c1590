package racepipe.junit5.internal;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import racepipe.pipeline.Main;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;

/**
 * One @RaceTest: the program's jar (test and main classes and the launcher) in an out folder beside
 * the test classes ({@code target/racepipe/junit5/Class.method/}), then racepipe's analyze (or replay)
 * through the CLI's own entry, {@link Main#run(PrintWriter, String...)}. The verdict: null (pass) or
 * the failure message.
 */
public final class RaceRun {
    private final Class<?> test;
    private final Method method;
    private final Path out;
    private final Path jar;
    private final String entry;
    private final List<Path> deps;
    private final Set<String> classes;
    private final List<Path> sources = new ArrayList<>();

    private RaceRun(Class<?> test, Method method, Path probe) throws IOException {
        this.test = test;
        this.method = method;
        Path testClasses = location(test);
        this.out = outFolder(testClasses, test, method);
        TestClassPath cp = TestClassPath.split(
                TestClassPath.entries(System.getProperty("surefire.test.class.path"), System.getProperty("java.class.path")),
                toolLocations(), probe, testClasses);
        this.entry = Launcher.name(test, method);
        this.jar = out.resolve("program.jar");
        Set<String> all = new HashSet<>(AppJar.write(jar, cp.app(), entry, Launcher.generate(test, method)));
        all.remove(entry.replace('.', '/')); // the launcher's own calls do not show that the test's classes were watched
        this.classes = all;
        this.deps = cp.deps();
        if (testClasses != null && testClasses.getParent() != null && testClasses.getParent().getParent() != null) {
            Path base = testClasses.getParent().getParent();
            for (String s : List.of("src/test/java", "src/main/java")) {
                if (Files.isDirectory(base.resolve(s))) {
                    sources.add(base.resolve(s));
                }
            }
        }
    }

    /** Analyzes (or, with a replay spec, replays) the test; null when it passes, else why it fails. */
    public static String run(Class<?> test, Method method, RaceOptions options, String replay, Path probe) throws IOException {
        String refused = Launcher.unsupported(test, method);
        if (refused != null) {
            return "racepipe: " + refused;
        }
        RaceRun r = new RaceRun(test, method, probe);
        return replay != null && !replay.isBlank() ? r.replay(options, replay) : options.explore() ? r.explore(options)
                : r.analyze(options);
    }

    private String name() {
        return test.getSimpleName() + "." + method.getName();
    }

    private String selector() {
        return test.getSimpleName() + "#" + method.getName();
    }

    private List<String> program(String command, RaceOptions o) {
        List<String> args = new ArrayList<>(List.of(command, jar.toString(), "--entry", entry));
        o.jvmArgs().forEach(a -> args.add("--jvm-arg=" + a));
        if (!deps.isEmpty()) {
            args.add("--cp");
            args.add(String.join(File.pathSeparator, deps.stream().map(Path::toString).toList()));
        }
        return args;
    }

    String analyze(RaceOptions o) throws IOException {
        Path markers = out.resolve("probe");
        clear(markers);
        List<String> args = program("analyze", o);
        args.addAll(List.of("--runs", String.valueOf(o.runs()), "--trials", String.valueOf(o.trials()), "--budget", o.budget(),
                "--seed", String.valueOf(o.seed()), "--timeout", String.valueOf(o.timeout()), "--out", out.toString()));
        for (Path s : sources) {
            args.add("--source-root");
            args.add(s.toString());
        }
        args.addAll(List.of("--", markers.toString()));
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(err, true), args.toArray(new String[0]));
        Path report = out.resolve("report.html");
        if (code == 2 || code == 3 || !Files.exists(out.resolve("report.json"))) {
            return "racepipe could not analyze " + name() + " (exit " + code + "): " + err.toString().strip()
                    + "\n(report and run logs in " + out + ")";
        }
        ResultFile r = ResultFile.read(out.resolve("report.json"));
        List<RacePair> confirmed = r.pairs.stream().filter(RacePair::counted).toList();
        if (!confirmed.isEmpty()) {
            return Failures.races(confirmed, name(), selector(), report.toString());
        }
        List<racepipe.pipeline.model.Candidate> shown = r.otherCandidates().stream()
                .filter(racepipe.pipeline.model.Candidate::counted).toList();
        if (!shown.isEmpty()) { // an atomicity violation or a deadlock the trials made happen
            return Failures.others(shown, name(), report.toString());
        }
        String unwatched = Markers.problem(markers, classes, name(), out.resolve("runs"));
        if (unwatched != null) {
            return unwatched;
        }
        List<String> left = r.uninstrumented == null ? List.of() : r.uninstrumented.stream()
                .filter(m -> classes.contains(m.owner().replace('.', '/')))
                .map(m -> m.label() + " (" + m.reason() + ")").toList();
        if (!left.isEmpty()) { // a race there could not have been seen: no pass
            return "racepipe: " + name() + " is not race-tested in full: the agent left " + String.join(", ", left)
                    + " uninstrumented, so its accesses were never watched (report: " + report + ")";
        }
        if (r.stopped != null && r.stopped.untried() > 0) {
            return "racepipe: " + name() + " is not race-tested in full: " + r.stopped.why() + " and " + r.stopped.untried() + " of "
                    + r.stopped.candidates() + " candidate pairs were left untried; give it more, e.g. @RaceTest(budget = \"5m\")"
                    + " (report: " + report + ")";
        }
        return null;
    }

    /** racepipe explore on the body: null when a complete exploration found nothing, else why the test fails. */
    String explore(RaceOptions o) throws IOException {
        Path markers = out.resolve("probe");
        clear(markers);
        Path json = out.resolve("explore.json");
        Files.deleteIfExists(json);
        List<String> args = program("explore", o);
        args.addAll(List.of("--budget", o.budget(), "--json", json.toString(), "--out", out.toString(), "--", markers.toString()));
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(err, true), args.toArray(new String[0]));
        if (code == 2 || code == 3 || !Files.exists(json)) {
            return "racepipe could not explore " + name() + " (exit " + code + "): " + err.toString().strip()
                    + "\n(explore.json and the exploring JVM's log in " + out + ")";
        }
        return ExploreFailures.of(ResultFile.JSON.readValue(json.toFile(), java.util.Map.class), name(), json.toString());
    }

    String replay(RaceOptions o, String spec) throws IOException {
        String[] t = spec.strip().split("\\s+");
        if (t.length < 3 || t.length > 4 || !t[2].matches("-?\\d+")) {
            return "racepipe: replay wants \"SITE SITE SEED\" (and a scheduler, e.g. random), as a failing @RaceTest prints it;"
                    + " got \"" + spec + "\"";
        }
        Path json = out.resolve("replay.json");
        Files.deleteIfExists(json);
        List<String> args = program("replay", o);
        args.addAll(List.of("--pair", t[0], t[1], "--seed", t[2], "--timeout", String.valueOf(o.timeout()), "--json", json.toString()));
        if (t.length == 4) {
            args.addAll(List.of("--scheduler", t[3]));
        }
        args.addAll(List.of("--", out.resolve("probe").toString()));
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(err, true), args.toArray(new String[0]));
        if (code == 0) {
            System.out.println("racepipe: replay of seed " + t[2] + " in " + name() + ": the pair did not race");
            return null;
        }
        if (code != 1 || !Files.exists(json)) {
            return "racepipe could not replay " + name() + " (exit " + code + "): " + err.toString().strip();
        }
        List<RacePair> pairs = ResultFile.read(json).pairs;
        return Failures.races(pairs, name() + " (replay of seed " + t[2] + ")", selector(), json.toString());
    }

    /** Where racepipe's own classes load from: not the program's. */
    private static Set<Path> toolLocations() {
        Set<Path> out = new HashSet<>();
        for (String c : List.of("racepipe.pipeline.Main", "racepipe.statics.AnalysisInput", "racepipe.contract.SiteKey",
                "racepipe.dynamic.agent.Agent")) {
            try {
                Path p = location(Class.forName(c, false, RaceRun.class.getClassLoader()));
                if (p != null) {
                    out.add(p);
                }
            } catch (ClassNotFoundException e) {
                // not on this class path
            }
        }
        return out;
    }

    /** The jar or folder a class was loaded from, or null. */
    public static Path location(Class<?> c) {
        CodeSource src = c.getProtectionDomain().getCodeSource();
        if (src == null || src.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(src.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /** target/racepipe/junit5/Class.method when the test classes are in target/test-classes; else under java.io.tmpdir. */
    static Path outFolder(Path testClasses, Class<?> test, Method method) {
        String leaf = test.getName() + "." + method.getName();
        if (testClasses != null && Files.isDirectory(testClasses) && testClasses.getParent() != null) {
            return testClasses.getParent().resolve("racepipe").resolve("junit5").resolve(leaf);
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "racepipe-junit5", leaf);
    }

    private static void clear(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
