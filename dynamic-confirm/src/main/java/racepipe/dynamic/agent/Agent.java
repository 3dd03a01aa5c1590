package racepipe.dynamic.agent;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import racepipe.contract.WatchedLibrary;
import racepipe.dynamic.runtime.Control;

/**
 * The agent's entry: {@code -javaagent:racepipe-agent.jar=detectors=ls,eraser,hybrid,hb|sites=...}.
 * It starts the recorder when detectors are named and instruments application classes.
 */
public final class Agent {
    private Agent() {
    }

    /** The watched collection classes already loaded (ArrayList is, at start); later ones load instrumented. */
    private static void retransformLibrary(Instrumentation inst) {
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (WatchedLibrary.isWatched(c.getName().replace('.', '/'))) {
                loaded.add(c);
            }
        }
        try {
            inst.retransformClasses(loaded.toArray(new Class<?>[0]));
        } catch (Exception | LinkageError e) {
            System.err.println("racepipe: cannot retransform the collection classes: " + e);
        }
    }

    public static void premain(String args, Instrumentation inst) {
        AgentOptions options = new AgentOptions(args);
        Control.agentOptions(args);
        if (!options.list("detectors").isEmpty()) {
            Control.record(options.list("detectors"));
        }
        inst.addTransformer(new Transformer(options.sites(), Dependencies.of(options.get("deps", null))), true);
        retransformLibrary(inst);
        ThreadExitHook exitHook = new ThreadExitHook();
        inst.addTransformer(exitHook, true);
        try {
            inst.retransformClasses(Thread.class);
        } catch (Exception | LinkageError e) {
            System.err.println("racepipe: cannot retransform java.lang.Thread: " + e);
        } finally {
            inst.removeTransformer(exitHook);
        }
    }
}
