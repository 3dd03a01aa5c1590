package racepipe.pipeline.run;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The child JVMs racepipe has running (detect runs, trial workers), so that a stop (the budget,
 * SIGINT, SIGTERM) can end them all at once: none is left running after racepipe.
 */
public final class Children {
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile boolean refusing;

    private Children() {
    }

    /** Tracks a child; one started after {@link #stopAll()} is ended at once. */
    static Process track(Process p) {
        LIVE.add(p);
        if (refusing) {
            kill(p);
        }
        return p;
    }

    static void untrack(Process p) {
        LIVE.remove(p);
    }

    /** Kills every child (and what it started) and every one started from now on, until {@link #allow()}. */
    public static void stopAll() {
        refusing = true;
        killAll();
    }

    /** Kills the children running now. */
    public static void killAll() {
        for (Process p : LIVE) {
            kill(p);
        }
    }

    /** Children may run again (a new analysis in the same JVM: bench). */
    public static void allow() {
        refusing = false;
    }

    public static boolean refusing() {
        return refusing;
    }

    private static void kill(Process p) {
        try {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
        } catch (RuntimeException e) {
            // gone already
        }
        p.destroyForcibly();
    }
}
