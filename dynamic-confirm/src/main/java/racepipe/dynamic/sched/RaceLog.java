package racepipe.dynamic.sched;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import racepipe.dynamic.runtime.Site;
import racepipe.dynamic.runtime.Sites;

/** The pair's sites, and the races of the trial: where two threads met one step before them. */
final class RaceLog {
    private final Set<String> sites; // site keys; null: no pair watched
    private byte[] known = new byte[0]; // per site id: 0 unknown, 1 racing, 2 not
    private final List<RaceRecord> races = new ArrayList<>();

    RaceLog(Set<String> sites) {
        this.sites = sites;
    }

    boolean watching() {
        return sites != null;
    }

    /** A pair of one site with itself: two threads at that site race (else one thread at each). */
    boolean oneSite() {
        return sites.size() == 1;
    }

    boolean isRaceSite(int site) {
        if (site < 0) {
            return false; // an atomic's point has no site
        }
        if (site >= known.length) {
            known = java.util.Arrays.copyOf(known, Math.max(site + 1, known.length * 2));
        }
        if (known[site] == 0) {
            known[site] = (byte) (sites.contains(Sites.get(site).key()) ? 1 : 2);
        }
        return known[site] == 1;
    }

    /** The thread is at a point before an access at one of the pair's sites. */
    boolean atRaceSite(SchedThread t) {
        return watching() && t.op == SchedThread.Op.ACCESS && isRaceSite(t.site);
    }

    /**
     * Two threads one step before accesses that race as the pair does: both at its sites (one
     * at each, unless the pair is one site with itself), on one address, one of them a write.
     */
    boolean conflict(SchedThread a, SchedThread b) {
        return atRaceSite(a) && atRaceSite(b) && (oneSite() || a.site != b.site)
                && a.target == b.target && a.slot < b.slotEnd && b.slot < a.slotEnd && (a.write || b.write);
    }

    /** me and other wait one step before their accesses to one address; meFirst: the order chosen. */
    void record(SchedThread me, SchedThread other, boolean meFirst, long step) {
        String variable = variable(me);
        String addr = me.target == null ? variable // identity hashes differ between runs: not shown
                : me.target.getClass().isArray() ? me.target.getClass().getComponentType().getName() + "[" + Math.max(me.slot, other.slot) + "]"
                : me.target.getClass().getName() + " object ." + variable.substring(variable.lastIndexOf('.') + 1);
        races.add(new RaceRecord(Sites.get(me.site).key(), me.name(), Stacks.of(Thread.currentThread().getStackTrace()),
                Sites.get(other.site).key(), other.name(), Stacks.of(other.runner.getStackTrace()), addr,
                meFirst ? me.name() : other.name(), step, me.write, variable, other.write, variable(other)));
    }

    /** What the thread's access touches: a call into a collection races on the collection's own field, which the access carries. */
    private static String variable(SchedThread t) {
        Site site = Sites.get(t.site);
        return site.field < 0 && (t.target == null || !t.target.getClass().isArray()) ? Sites.fieldName(t.slot) : site.variable;
    }

    /** A record made by another policy (AtomFuzzer's violations). */
    void add(RaceRecord r) {
        races.add(r);
    }

    int count() {
        return races.size();
    }

    List<RaceRecord> races() {
        return new ArrayList<>(races);
    }
}
