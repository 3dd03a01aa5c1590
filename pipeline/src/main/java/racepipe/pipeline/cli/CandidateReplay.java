package racepipe.pipeline.cli;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import racepipe.contract.CandidateKind;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.input.ProgramFailure;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.run.ConfirmRuns;
import racepipe.pipeline.run.StartFailure;

/**
 * {@code racepipe replay --deadlock S1,S2,.. --seed N} (and {@code --atomic}): one trial of a
 * candidate of another kind than a race pair again, under its kind's strategy, from its seed;
 * prints the outcome and what happened (a deadlock's cycle). Exit 1 when the trial showed the
 * candidate again, 0 when not, 4 when the clock cut it short.
 */
final class CandidateReplay {
    private CandidateReplay() {
    }

    static int replay(ProgramInput program, CandidateKind kind, String sites, long seed, int timeout, Path json)
            throws Exception {
        List<String> keys = Arrays.stream(sites.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (keys.size() < 2 || keys.stream().anyMatch(k -> !k.contains(".") || !k.contains("@"))) {
            throw new UsageError(kind.replayOption + " takes the candidate's site keys, comma-separated, as analyze printed them");
        }
        if (timeout < 1) {
            throw new UsageError("--timeout must be at least 1");
        }
        ConfirmRuns.Options opt = new ConfirmRuns.Options(1, seed, kind.scheduler, 1, timeout * 1000L, true, 20);
        List<TrialResult> results = ConfirmRuns.run(program, keys, opt, List.of(seed), null);
        TrialResult t = results.get(0);
        System.out.println("seed " + t.seed() + " (" + t.scheduler() + "): outcome " + t.outcome() + ", schedule "
                + t.schedule() + (t.watchdog() > 0 ? ", watchdog fired" : ""));
        System.out.println(t.raced() ? kind.label + " again: " + (t.note() == null ? "" : t.note())
                : "no " + kind.label + " in this trial" + (t.note() == null ? "" : ": " + t.note()));
        if (t.exception() != null) {
            System.out.println("exception in thread " + t.exception().thread() + ": " + t.exception().type() + ": "
                    + t.exception().message());
        }
        if (json != null) {
            ResultFile out = new ResultFile();
            out.tool = ProgramInfo.tool();
            out.program = ProgramInfo.program(program);
            out.options.put("seed", seed);
            out.options.put("scheduler", kind.scheduler);
            out.options.put(kind.label, keys);
            out.options.put("outcome", t.outcome().label());
            out.options.put("showed", t.raced());
            out.write(json);
        }
        if (t.outcome() == Outcome.TIMEOUT && !t.raced()) {
            System.out.println("replay cut short by time after " + timeout + " s, before its schedule ended: no outcome"
                    + " (a loaded machine? give it more --timeout)");
            return ReplayCommand.CUT_SHORT;
        }
        String failure = StartFailure.ofTrials(results);
        if (failure != null) {
            throw new ProgramFailure(failure);
        }
        return t.raced() ? 1 : 0;
    }
}
