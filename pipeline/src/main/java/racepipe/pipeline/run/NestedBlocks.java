package racepipe.pipeline.run;

import java.util.ArrayList;
import java.util.List;
import racepipe.pipeline.model.Candidate;

/**
 * An atomic block whose span (check to act, one method, by bytecode offset) holds another block's
 * shares that block's failures: AtomFuzzer's control trials make the outer block atomic, which
 * makes the inner one atomic too, so the order test gives the outer block the inner block's
 * exception (pagestats' read..add around read..write; connpool's check..release around
 * check..lease). An outer block harmful by the order test alone (nothing thrown inside its own
 * act) around a harmful inner block is real: the exception is the inner block's.
 */
final class NestedBlocks {
    private NestedBlocks() {
    }

    static void settle(List<Candidate> blocks) {
        if (blocks == null) {
            return;
        }
        List<Candidate[]> downgrade = new ArrayList<>();
        for (Candidate outer : blocks) {
            if (!"harmful".equals(outer.verdict) || outer.confirm == null || outer.confirm.attribution == null
                    || outer.confirm.attribution.contains("thrown inside")) {
                continue;
            }
            blocks.stream().filter(inner -> "harmful".equals(inner.verdict) && holds(outer, inner)).findFirst()
                    .ifPresent(inner -> downgrade.add(new Candidate[] {outer, inner}));
        }
        for (Candidate[] d : downgrade) {
            d[0].verdict = "real";
            d[0].confirm.attribution += "; the exception is that of the harmful block inside it (" + d[1].sites.get(0).file() + ":"
                    + d[1].sites.get(0).line() + " to " + d[1].sites.get(1).line() + ")";
        }
    }

    /** inner's check and act lie within outer's, in the same method, and are not the same two. */
    static boolean holds(Candidate outer, Candidate inner) {
        if (outer.sites.size() < 2 || inner.sites.size() < 2) {
            return false;
        }
        var oc = outer.sites.get(0);
        var oa = outer.sites.get(1);
        var ic = inner.sites.get(0);
        var ia = inner.sites.get(1);
        boolean oneMethod = oc.className().equals(ic.className()) && oc.method().equals(ic.method())
                && oa.className().equals(ia.className()) && oa.method().equals(ia.method()) && oc.method().equals(oa.method());
        boolean same = oc.key().equals(ic.key()) && oa.key().equals(ia.key());
        return oneMethod && !same && oc.bci() <= ic.bci() && ia.bci() <= oa.bci() && ic.bci() < ia.bci();
    }
}
