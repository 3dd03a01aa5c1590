package racepipe.pipeline.tests.runner;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The program racepipe runs for a project's tests, in the child JVMs (never in racepipe's own):
 * the JUnit Platform launcher with the engines of the project's class path (Jupiter, and JUnit 4
 * through the vintage engine), so JUnit's lifecycle is the tests' own. Loaded from a folder on
 * the program's class path that the agent treats as a dependency, beside JUnit's jars; it uses
 * only the JDK and JUnit's API. Two modes:
 * <ul>
 * <li>{@code suite FILE SELECTOR...}: runs the tests the selectors name ({@code class:C},
 * {@code method:C#m}, {@code uid:ID}); after each test and each container that failed, one JSON
 * line in FILE: its unique id, class, method, names, status, failure, time, and, under the agent,
 * the keys of the pairs the detectors found since the line before, and of the other kinds'
 * candidates (atomicity violations, lock cycles) ({@code Checkpoint}).</li>
 * <li>{@code test SELECTOR}: runs that one test (a Phase 2 trial, a replay); a test that fails
 * makes main throw its exception, so the trial's outcome is the test's.</li>
 * </ul>
 */
public final class SuiteRunner {
    private SuiteRunner() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: SuiteRunner suite FILE SELECTOR... | test SELECTOR");
        }
        // JUnit finds the engines and the test classes through the context class loader: in a Phase 2
        // worker the trial's own loader (the tests), whose parent holds this runner and JUnit
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context == null || !sees(context)) {
            Thread.currentThread().setContextClassLoader(SuiteRunner.class.getClassLoader());
        }
        if (args[0].equals("test")) {
            one(args[1]);
        } else {
            suite(Path.of(args[1]), Arrays.asList(args).subList(2, args.length));
            // as surefire ends its fork: a test that left a pool running does not keep the run alive (under the
            // agent the run's shutdown hook writes what the detectors found)
            System.exit(0);
        }
    }

    private static boolean sees(ClassLoader loader) {
        try {
            return loader.loadClass(SuiteRunner.class.getName()) == SuiteRunner.class;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /**
     * The launcher of this JVM's trials: a Phase 2 worker loads this runner once for all its trials
     * (the harness), so JUnit's engines are discovered once, not per trial.
     */
    private static Launcher launcher;

    private static synchronized Launcher launcher() {
        if (launcher == null) {
            launcher = LauncherFactory.create();
        }
        return launcher;
    }

    static DiscoverySelector selector(String s) {
        if (s.startsWith("uid:")) {
            return selectUniqueId(s.substring(4));
        }
        if (s.startsWith("method:")) {
            String m = s.substring(7);
            int hash = m.indexOf('#');
            return selectMethod(m.substring(0, hash), m.substring(hash + 1));
        }
        if (s.startsWith("class:")) {
            return selectClass(s.substring(6));
        }
        throw new IllegalArgumentException("not a selector: " + s);
    }

    /** The selectors; an argument {@code @FILE} stands for the selectors in FILE, one a line. */
    private static LauncherDiscoveryRequest request(List<String> selectors) {
        List<DiscoverySelector> all = new ArrayList<>();
        for (String s : selectors) {
            if (s.startsWith("@")) {
                try {
                    Files.readAllLines(Path.of(s.substring(1))).stream().filter(l -> !l.isBlank()).forEach(l -> all.add(selector(l)));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            } else {
                all.add(selector(s));
            }
        }
        return LauncherDiscoveryRequestBuilder.request().selectors(all).build();
    }

    /** One test; its failure is thrown as it was thrown. */
    private static void one(String selector) throws Throwable {
        Throwable[] failed = {null};
        int[] ran = {0};
        launcher().execute(request(List.of(selector)), new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (id.isTest()) {
                    ran[0]++;
                }
                if (result.getStatus() == TestExecutionResult.Status.FAILED && failed[0] == null) {
                    failed[0] = result.getThrowable().orElse(new AssertionError(id.getDisplayName() + " failed"));
                }
            }
        });
        if (failed[0] != null) {
            throw failed[0];
        }
        if (ran[0] == 0) {
            throw new IllegalStateException("racepipe: no test matches " + selector);
        }
    }

    /** The tests the selectors name, each one's line written as it finishes. */
    private static void suite(Path file, List<String> selectors) throws IOException {
        Method checkpoint = checkpoint("pairKeys");
        Method candidates = checkpoint("candidateKeys");
        Set<String> before = new HashSet<>(pairKeys(checkpoint));
        Set<String> candidatesBefore = new HashSet<>(pairKeys(candidates));
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND)) {
            Launcher launcher = LauncherFactory.create();
            long[] started = new long[1];
            launcher.execute(request(selectors), new TestExecutionListener() {
                @Override
                public void executionStarted(TestIdentifier id) {
                    if (id.isTest()) {
                        started[0] = System.nanoTime();
                    }
                }

                @Override
                public void executionSkipped(TestIdentifier id, String reason) {
                    if (id.isTest()) {
                        line(id, "SKIPPED", reason, 0, List.of(), List.of());
                    }
                }

                @Override
                public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                    if (!id.isTest() && result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                        return;
                    }
                    List<String> added = new ArrayList<>();
                    for (String k : pairKeys(checkpoint)) {
                        if (before.add(k)) {
                            added.add(k);
                        }
                    }
                    List<String> addedCandidates = new ArrayList<>();
                    for (String k : pairKeys(candidates)) {
                        if (candidatesBefore.add(k)) {
                            addedCandidates.add(k);
                        }
                    }
                    long ms = id.isTest() ? (System.nanoTime() - started[0]) / 1_000_000 : 0;
                    line(id, result.getStatus().name(), result.getThrowable().map(SuiteRunner::describe).orElse(null), ms, added,
                            addedCandidates);
                }

                private void line(TestIdentifier id, String status, String failure, long ms, List<String> pairs,
                                  List<String> others) {
                    StringBuilder sb = new StringBuilder("{");
                    field(sb, "uid", id.getUniqueId());
                    field(sb, "kind", id.isTest() ? "test" : "container");
                    String[] where = where(id.getSource());
                    field(sb, "class", where[0]);
                    field(sb, "method", where[1]);
                    field(sb, "name", id.getDisplayName());
                    field(sb, "legacy", id.getLegacyReportingName());
                    field(sb, "status", status);
                    field(sb, "failure", failure);
                    sb.append("\"millis\":").append(ms).append(",\"pairs\":[");
                    for (int i = 0; i < pairs.size(); i++) {
                        sb.append(i == 0 ? "" : ",").append(quote(pairs.get(i)));
                    }
                    sb.append("],\"candidates\":[");
                    for (int i = 0; i < others.size(); i++) {
                        sb.append(i == 0 ? "" : ",").append(quote(others.get(i)));
                    }
                    sb.append("]}\n");
                    try {
                        out.write(sb.toString());
                        out.flush();
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            });
        }
    }

    /** The class and method a test's source names (null where it names none). */
    static String[] where(Optional<TestSource> source) {
        if (source.isPresent() && source.get() instanceof MethodSource m) {
            return new String[] {m.getClassName(), m.getMethodName()};
        }
        if (source.isPresent() && source.get() instanceof ClassSource c) {
            return new String[] {c.getClassName(), null};
        }
        return new String[] {null, null};
    }

    static String describe(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        String[] lines = w.toString().split("\n");
        return String.join("\n", Arrays.asList(lines).subList(0, Math.min(lines.length, 12))).strip();
    }

    /**
     * The agent's Checkpoint.pairKeys or candidateKeys (on the boot class path), or null in a JVM
     * without the agent or a Phase 2 trial.
     */
    private static Method checkpoint(String which) {
        try {
            Class<?> control = Class.forName("racepipe.dynamic.runtime.Control", false, ClassLoader.getSystemClassLoader());
            if (String.valueOf(control.getMethod("agentOptions").invoke(null)).contains("sites=")) {
                return null;
            }
            return Class.forName("racepipe.dynamic.runtime.Checkpoint", true, ClassLoader.getSystemClassLoader())
                    .getMethod(which);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> pairKeys(Method checkpoint) {
        if (checkpoint == null) {
            return List.of();
        }
        try {
            return (List<String>) checkpoint.invoke(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            System.err.println("racepipe: the detectors' pairs could not be read after a test: " + e);
            return List.of();
        }
    }

    private static void field(StringBuilder sb, String name, String value) {
        if (value != null) {
            sb.append(quote(name)).append(':').append(quote(value)).append(',');
        }
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
