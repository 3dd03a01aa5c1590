package racepipe.dynamic.agent;

import java.lang.instrument.Instrumentation;
import racepipe.dynamic.runtime.Control;

/**
 * The agent's entry: {@code -javaagent:racepipe-agent.jar=detectors=ls,eraser,hybrid,hb;sites=...}.
 * It starts the recorder when detectors are named and instruments application classes.
 */
public final class Agent {
    private Agent() {
    }

    public static void premain(String args, Instrumentation inst) {
        AgentOptions options = new AgentOptions(args);
        if (!options.list("detectors").isEmpty()) {
            Control.record(options.list("detectors"));
        }
        inst.addTransformer(new Transformer(options.sites()), false);
    }
}
