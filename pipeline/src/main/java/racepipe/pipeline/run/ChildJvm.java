package racepipe.pipeline.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import racepipe.pipeline.input.ProgramInput;

/**
 * One child JVM that runs the program under the agent. Its output goes to a log file; a child
 * that outlives its time bound is killed and reported as timed out.
 */
public final class ChildJvm {
    /** How a child ended: exit code, whether it was killed for time, and its log. */
    public record Ended(int exitCode, boolean timedOut, Path log) {
        public String tail(int lines) {
            try {
                List<String> all = Files.readAllLines(log);
                return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
            } catch (IOException e) {
                return "";
            }
        }
    }

    /** How long a child killed for time gets to write its result after SIGTERM, before SIGKILL. */
    static final long GRACE_SECONDS = 10;

    /**
     * Whether the kernel gives transparent huge pages to a heap that asks (madvise): the detectors'
     * shadow of a large array spans tens of MB, and 2 MB pages cut its TLB misses (SOR 400, all four
     * detectors: ~5% faster). Not asked for otherwise: where the kernel has none the JVM would print
     * a warning into the program's output, and where it gives them to every heap it already does.
     */
    private static final boolean MADVISED_HUGE_PAGES = madvised();

    private ChildJvm() {
    }

    private static boolean madvised() {
        try {
            return Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled")).contains("[madvise]");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * The JVM flags every child gets: the agent with its options, and the opens it needs. The agent
     * jar is always on the class path; {@code extraClassPath} is appended as is.
     */
    public static List<String> command(String agentOptions, String extraClassPath, String mainClass, List<String> args) {
        return command(List.of(), agentOptions, extraClassPath, mainClass, args);
    }

    /**
     * {@link #command(String, String, String, List)} for {@code program}: its agent options
     * ({@link #agentOptions}) and the JVM options its user gave (--jvm-arg), which come after
     * racepipe's own so that theirs win (a later -Xmx is the one the JVM takes).
     */
    public static List<String> command(ProgramInput program, String agentOptions, String extraClassPath, String mainClass,
                                       List<String> args) {
        return command(program.jvmArgs(), agentOptions(program, agentOptions), extraClassPath, mainClass, args);
    }

    private static List<String> command(List<String> jvmArgs, String agentOptions, String extraClassPath, String mainClass,
                                        List<String> args) {
        Path agent = Home.agentJar();
        List<String> cmd = new ArrayList<>();
        cmd.add(Home.javaBinary().toString());
        if (jvmArgs.stream().noneMatch(ChildJvm::choosesCollector)) { // two collectors: the JVM would refuse to start
            cmd.add("-XX:+UseSerialGC");
        }
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-Xshare:auto");
        if (MADVISED_HUGE_PAGES) {
            cmd.add("-XX:+UseTransparentHugePages");
        }
        int feature = Jdk.feature();
        if (feature >= 21 && feature < 24) {
            // before JDK 24 (JEP 491) a virtual thread parked by the scheduler inside a synchronized
            // block, or waiting in Object.wait, pins its carrier: with as many carriers as cores,
            // the virtual thread given the turn could find none free. The scheduler runs one
            // thread at a time, so carriers beyond the cores add no parallelism while it steers.
            cmd.add("-Djdk.virtualThreadScheduler.parallelism=256");
            cmd.add("-Djdk.virtualThreadScheduler.maxPoolSize=256");
        }
        cmd.add("--add-opens");
        cmd.add("java.base/java.util.concurrent.locks=ALL-UNNAMED");
        cmd.addAll(jvmArgs);
        cmd.add("-javaagent:" + agent + "=" + agentOptions);
        cmd.add("-cp");
        cmd.add(agent + extraClassPath);
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    /**
     * The agent's options for this program: {@code options} and, when the program has a class
     * path, {@code deps=} its entries, whose classes the agent treats as library code (their
     * accesses count at the application's calls into them).
     */
    /** Whether a JVM option picks the garbage collector (-XX:+UseG1GC, -XX:+UseZGC, ...). */
    static boolean choosesCollector(String option) {
        return option.matches("-XX:\\+Use\\w*GC");
    }

    public static String agentOptions(ProgramInput program, String options) {
        if (program.classPath().isEmpty()) {
            return options;
        }
        String deps = "deps=" + String.join(java.io.File.pathSeparator, program.classPath().stream().map(Path::toString).toList());
        return options.isEmpty() ? deps : options + "|" + deps;
    }

    public static Ended run(List<String> command, Path log, long timeoutMillis) throws IOException, InterruptedException {
        Process p = Children.track(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
        Warmup.start(); // the launcher only waits from here on
        try {
            if (p.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
                return new Ended(p.exitValue(), false, log);
            }
            // SIGTERM: the child's shutdown hook writes what its detectors found so far (DetectMain);
            // a long run's result takes a moment to complete and write
            p.destroy();
            if (!p.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor();
            }
            return new Ended(-1, true, log);
        } finally {
            Children.untrack(p);
        }
    }
}
