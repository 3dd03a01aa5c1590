package racepipe.dynamic.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import racepipe.contract.Outcome;
import racepipe.contract.RunResult;
import racepipe.contract.SiteKey;

/**
 * What the detectors have found so far in a Phase 1 run, for a driver that runs several programs
 * in one JVM and wants to know which of them brought which pair: racepipe's test-suite runner
 * asks after each test method (by reflection: it loads in the program's class loader, this class
 * is on the boot class path). Every thread's published accesses are handed to the detectors first,
 * as at the run's end.
 */
public final class Checkpoint {
    private Checkpoint() {
    }

    /** The pair keys of every detector's pairs so far, sorted; empty when not recording. */
    public static List<String> pairKeys() {
        return keys(false);
    }

    /**
     * The keys of the other kinds' candidates so far (an atomicity violation, a lock cycle: its
     * kind, ':', its site keys in order joined by '|'), sorted; empty when not recording.
     */
    public static List<String> candidateKeys() {
        return keys(true);
    }

    private static List<String> keys(boolean candidates) {
        Recorder r = RT.rec;
        if (r == null) {
            return List.of();
        }
        RunResult now = r.complete(new RunResult(Outcome.OK, null, 0, null, null, List.of(), List.of(), List.of()));
        Map<Integer, String> keys = new HashMap<>();
        for (RunResult.Site s : now.sites()) {
            keys.put(s.id(), s.key());
        }
        TreeSet<String> out = new TreeSet<>();
        if (candidates) {
            for (RunResult.Candidate c : now.candidates()) {
                out.add(c.kind() + ":" + String.join("|", c.sites().stream().map(keys::get).toList()));
            }
            return new ArrayList<>(out);
        }
        for (RunResult.Pair p : now.pairs()) {
            out.add(SiteKey.pair(keys.get(p.siteA()), keys.get(p.siteB())));
        }
        return new ArrayList<>(out);
    }
}
