package racepipe.dynamic.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import racepipe.contract.RunResult;

/** What the agent and the run drivers may set up and read; instrumented code never calls it. */
public final class Control {
    private Control() {
    }

    private static volatile String agentOptions = "";

    public static void agentOptions(String options) {
        agentOptions = options == null ? "" : options;
    }

    /** The options the agent was started with (key=value;...). */
    public static String agentOptions() {
        return agentOptions;
    }

    private static volatile String traceFile;

    /** detect --trace: where the run's trace goes (the agent's trace= option), or null. */
    public static void traceFile(String file) {
        traceFile = file;
    }

    static String traceFile() {
        return traceFile;
    }

    public static void record(List<String> detectors) {
        RT.rec = new Recorder(detectors);
        direct();
    }

    /** No recorder any more (a test that recorded in its own JVM). */
    public static void stopRecording() {
        RT.rec = null;
        direct();
    }

    public static void schedule(Scheduling scheduler) {
        RT.sched = scheduler;
        direct();
    }

    public static void trialMode(boolean on) {
        RT.inTrial = on;
    }

    /** The running trial's class loader (null between trials): an exit from another trial's thread is not this trial's. */
    public static void trialLoader(ClassLoader loader) {
        ProgramExit.trialLoader(loader);
    }

    /** What a run must do before the program's Runtime.halt ends its JVM (shutdown hooks do not run then). */
    public static void beforeHalt(Runnable work) {
        ProgramExit.beforeHalt(work);
    }

    public static void observe(Observer o) {
        RT.observer = o;
        direct();
    }

    /** RT.direct follows the listeners: the recorder when it alone listens. */
    private static synchronized void direct() {
        RT.direct = RT.rec != null && RT.sched == null && RT.observer == null ? RT.rec : null;
    }

    /**
     * What instruments the watched collection classes: run once, at the program's first call
     * into java.util (a program that makes none, a numeric kernel, pays nothing for them).
     */
    public static void onFirstLibraryCall(Runnable instrument) {
        LibCalls.onFirstCall(instrument);
    }

    /** Runs racepipe's own work (instrumenting a class) so that watched collection code it uses is not counted. */
    public static <T> T outsideProgram(java.util.function.Supplier<T> work) {
        try (LibCalls.State paused = LibCalls.pause()) {
            return work.get();
        }
    }

    /** Gives the current thread its id (the main thread gets 0). */
    public static void registerCurrentThread() {
        Recorder r = RT.rec;
        if (r != null) {
            synchronized (r) {
                r.threads.current();
            }
        }
    }

    /**
     * Writes the run's result file: how the run ended ({@code ending}) with the detectors' pairs
     * and the sites they name. Nothing when not recording.
     */
    public static void writeResult(Path file, RunResult ending) {
        Recorder r = RT.rec;
        if (r == null) {
            return;
        }
        try {
            r.complete(ending).write(file);
        } catch (IOException e) {
            System.err.println("racepipe: cannot write " + file + ": " + e);
        }
    }
}
