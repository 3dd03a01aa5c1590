package racepipe.statics.internal.sootup;

import racepipe.statics.AnalysisInput;
import racepipe.statics.RaceEngine;
import racepipe.statics.StaticResult;

/** SootUp engine (in progress). */
public final class SootUpEngine implements RaceEngine {
    @Override
    public String name() {
        return "sootup";
    }

    @Override
    public StaticResult analyze(AnalysisInput input) {
        throw new UnsupportedOperationException("sootup engine not written yet");
    }
}
