package racepipe.dynamic.explore;

import java.util.HashMap;
import java.util.Map;
import racepipe.dynamic.detect.EventHub;
import racepipe.dynamic.detect.HappensBeforeDetector;
import racepipe.dynamic.detect.PairTable;
import racepipe.dynamic.detect.Shadow;

/**
 * The happens-before detector on one explored execution: its events, in the order they ran,
 * become the detector's events (accesses, lock takes and releases, starts, joins, volatile
 * accesses and synchronisers as synchronisation). Its pairs are the execution's races.
 */
public final class TraceRaces {
    private TraceRaces() {
    }

    public static PairTable of(Execution e) {
        HappensBeforeDetector hb = new HappensBeforeDetector();
        EventHub hub = new EventHub(hb);
        Map<Long, Shadow> shadows = new HashMap<>();
        Map<Long, Integer> locks = new HashMap<>(), variables = new HashMap<>(), syncs = new HashMap<>();
        for (Event ev : e.events) {
            int t = ev.thread;
            for (Act a : ev.acts) {
                Map<Long, Integer> ids = a.kind().lock() ? locks : a.kind().sync() ? syncs : variables;
                // volatiles and synchronisers share the detector's variable numbers: synchronisers count down from the top
                int id = a.kind().sync() ? Integer.MAX_VALUE - ids.computeIfAbsent(a.target(), k -> ids.size())
                        : ids.computeIfAbsent(a.target(), k -> ids.size());
                switch (a.kind()) {
                    case READ, WRITE -> hub.access(t, shadows.computeIfAbsent(a.target(), k -> hub.newShadow()), a.site(),
                            a.kind() == Act.Kind.WRITE);
                    case VOLATILE_READ, VOLATILE_WRITE -> hub.volatileAccess(t, id, a.kind() == Act.Kind.VOLATILE_WRITE);
                    case ACQUIRE, SHARED_ACQUIRE -> hub.acquire(t, id, a.kind() == Act.Kind.ACQUIRE);
                    case RELEASE, SHARED_RELEASE -> hub.release(t, id, a.kind() == Act.Kind.RELEASE);
                    case START -> hub.threadStart(t, (int) a.target());
                    case JOIN -> hub.threadJoin(t, (int) a.target());
                    case SYNC -> {
                        hub.volatileAccess(t, id, false); // both ways: what others did before, and this
                        hub.volatileAccess(t, id, true);
                    }
                    case SYNC_RELEASE -> hub.volatileAccess(t, id, true);
                    case SYNC_ACQUIRE -> hub.volatileAccess(t, id, false);
                    default -> {
                    }
                }
            }
        }
        return hb.pairs();
    }
}
