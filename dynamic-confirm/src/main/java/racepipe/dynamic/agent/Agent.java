package racepipe.dynamic.agent;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import racepipe.contract.WatchedLibrary;
import racepipe.dynamic.runtime.Control;

/**
 * The agent's entry: {@code -javaagent:racepipe-agent.jar=detectors=ls,eraser,hybrid,hb|sites=...|unwatched=FILE}.
 * It starts the recorder when detectors are named and instruments application classes.
 */
public final class Agent {
    private Agent() {
    }

    /**
     * Every watched collection class, loaded now (not initialised) and retransformed in one batch,
     * at the program's first call into java.util (see Control.onFirstLibraryCall).
     * Waiting for a class to load is not enough: one loaded while the transformer runs (the JDK's
     * method handles use TreeMap) is never handed to it.
     */
    private static void retransformLibrary(Instrumentation inst) {
        List<Class<?>> watched = new ArrayList<>();
        for (String name : WatchedLibrary.CLASSES) {
            try {
                watched.add(Class.forName(name.replace('/', '.'), false, null));
            } catch (ClassNotFoundException | LinkageError e) {
                System.err.println("racepipe: no watched class " + name + " in this JDK");
            }
        }
        try {
            inst.retransformClasses(watched.toArray(new Class<?>[0]));
        } catch (Exception | LinkageError e) {
            System.err.println("racepipe: cannot retransform the collection classes: " + e);
        }
    }

    /** Instruments the watched classes, as racepipe's own work (a class, not a lambda: see CallReplacements). */
    private static final class LibraryInstrumenter implements Runnable, java.util.function.Supplier<Object> {
        private final Instrumentation inst;

        LibraryInstrumenter(Instrumentation inst) {
            this.inst = inst;
        }

        @Override
        public void run() {
            Control.outsideProgram(this);
        }

        @Override
        public Object get() {
            retransformLibrary(inst);
            return null;
        }
    }

    /** java.lang.VirtualThread (JDK 21+), or null. */
    private static Class<?> virtualThreadClass() {
        try {
            return Class.forName("java.lang.VirtualThread", false, null);
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    public static void premain(String args, Instrumentation inst) {
        AgentOptions options = new AgentOptions(args);
        Control.agentOptions(args);
        Control.traceFile(options.get("trace", null));
        if (!options.list("detectors").isEmpty()) {
            Control.record(options.list("detectors"));
        }
        inst.addTransformer(new Transformer(options.filter(), Dependencies.of(options.get("deps", null)))
                .atomic(AtomicBlocks.of(options.list("atomic"))), true);
        Control.onFirstLibraryCall(new LibraryInstrumenter(inst));
        ThreadExitHook exitHook = new ThreadExitHook();
        inst.addTransformer(exitHook, true);
        try {
            inst.retransformClasses(Thread.class);
            Class<?> virtual = virtualThreadClass();
            if (virtual != null) {
                inst.retransformClasses(virtual);
            }
        } catch (Exception | LinkageError e) {
            System.err.println("racepipe: cannot retransform java.lang.Thread: " + e);
        } finally {
            inst.removeTransformer(exitHook);
        }
    }
}
