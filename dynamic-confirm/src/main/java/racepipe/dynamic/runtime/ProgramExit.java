package racepipe.dynamic.runtime;

/**
 * The program's own ending: System.exit, Runtime.exit and Runtime.halt. In a trial it ends the
 * trial (its threads unwind, the outcome is an exit with its status), not the worker JVM; in a
 * run it ends the JVM as the program asked, after racepipe's own last words (the run's result),
 * which a halt would otherwise skip with the shutdown hooks. A call from a thread that an
 * earlier trial left behind (a program's watchdog sleeping past its trial's end) ends only that
 * thread: the trial running now is not its program.
 */
final class ProgramExit {
    private static volatile ClassLoader trialLoader; // the running trial's class loader; null between trials
    private static volatile Runnable beforeHalt;     // the run's result writer, or null
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private ProgramExit() {
    }

    static void trialLoader(ClassLoader loader) {
        trialLoader = loader;
    }

    static void beforeHalt(Runnable work) {
        beforeHalt = work;
    }

    static void exit(int status, boolean halt) {
        try (LibCalls.State paused = LibCalls.pause()) {
            if (RT.inTrial) {
                if (callerLoader() == trialLoader) { // else a thread of an ended trial: it alone ends
                    ProgramEnd.exitCalled(status);
                    Scheduling s = RT.sched;
                    if (s != null) {
                        s.abort();
                    }
                }
                throw new Abort();
            }
            ProgramEnd.exitCalled(status);
            Scheduling s = RT.sched;
            if (s != null) {
                s.exit(status);
            }
            if (!halt) {
                System.exit(status);
            }
            Runnable last = beforeHalt;
            if (last != null) {
                synchronized (ProgramExit.class) { // two threads that halt at once: one result file
                    last.run();
                }
            }
            System.out.flush();
            System.err.flush();
            Runtime.getRuntime().halt(status);
        }
    }

    /** The loader of the program class that made the call (the first frame below RT's bridge). */
    private static ClassLoader callerLoader() {
        Class<?> caller = WALKER.walk(frames -> frames.map(StackWalker.StackFrame::getDeclaringClass)
                .filter(c -> c != ProgramExit.class && c != RT.class)
                .findFirst().orElse(null));
        return caller == null ? null : caller.getClassLoader();
    }
}
