package racepipe.dynamic.agent;

import java.lang.instrument.Instrumentation;
import racepipe.dynamic.runtime.Control;

/**
 * The agent's entry: {@code -javaagent:racepipe-agent.jar=detectors=ls,eraser,hybrid,hb|sites=...}.
 * It starts the recorder when detectors are named and instruments application classes.
 */
public final class Agent {
    private Agent() {
    }

    public static void premain(String args, Instrumentation inst) {
        AgentOptions options = new AgentOptions(args);
        Control.agentOptions(args);
        if (!options.list("detectors").isEmpty()) {
            Control.record(options.list("detectors"));
        }
        inst.addTransformer(new Transformer(options.sites()), false);
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
