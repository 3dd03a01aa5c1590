package racepipe.pipeline.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import racepipe.contract.CandidateKind;
import racepipe.contract.RunResult;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.SiteInfo;

/**
 * The candidates of the other kinds a Phase 1 run reported (RunResult.candidates), merged over the
 * runs by key as pairs are: each detector counts the runs that saw the candidate; the threads,
 * locks and stacks are the first run's.
 */
final class RunCandidates {
    private RunCandidates() {
    }

    static void merge(RunResult r, Map<Integer, RunResult.Site> sites, Map<String, Candidate> into) {
        for (RunResult.Candidate rc : r.candidates()) {
            CandidateKind kind = CandidateKind.of(rc.kind());
            if (kind == null || kind == CandidateKind.RACE) {
                continue; // a kind this racepipe does not know: an older or newer agent
            }
            List<SiteInfo> ss = new ArrayList<>();
            for (int id : rc.sites()) {
                RunResult.Site s = sites.get(id);
                if (s == null) {
                    return; // a run file that names a site it does not list is not to be trusted
                }
                SiteInfo si = DetectRuns.site(s);
                ss.add(kind == CandidateKind.LOCK_CYCLE ? new SiteInfo(si.key(), si.className(), si.method(), si.bci(),
                        si.file(), si.line(), "acquire") : si);
            }
            Candidate c = into.computeIfAbsent(Candidate.key(kind, ss.stream().map(SiteInfo::key).toList()), k -> {
                Candidate n = new Candidate(kind, ss);
                n.threads = rc.threads();
                n.locks = rc.locks();
                n.stacks = rc.stacks();
                return n;
            });
            c.predictors.merge(rc.detector(), 1, (x, y) -> (Integer) x + (Integer) y);
        }
    }
}
