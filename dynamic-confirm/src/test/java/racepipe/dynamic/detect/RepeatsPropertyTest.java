package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * What the recorder's filter of repeats (runtime.Repeats) stands on: within a run of one
 * thread's accesses that no other event interrupts (one hand-over list), an access that
 * repeats an earlier one of the run (same location, site and kind) changes no detector's pairs
 * and no pair's event count. Runs are cut at random too, as a full list is handed over early.
 */
class RepeatsPropertyTest {
    @Property(tries = 1000)
    void dropping_repeats_within_a_run_should_change_no_pair_and_no_count(
            @ForAll("programs") List<List<EquivalencePropertyTest.Step>> programs, @ForAll long seed) {
        List<EquivalencePropertyTest.Event> trace = EquivalencePropertyTest.schedule(programs, new Random(seed));
        List<EquivalencePropertyTest.Event> filtered = dropRepeats(trace, new Random(~seed));
        assertThat(counts(filtered)).isEqualTo(counts(trace));
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<List<EquivalencePropertyTest.Step>>> programs() {
        return new EquivalencePropertyTest().programs();
    }

    @Test
    void dropping_a_repeat_across_runs_would_lose_a_pair() {
        // why the filter forgets at each hand-over: thread 1 writes x, thread 2 writes it under a
        // lock (Eraser: Shared-Modified, C(v) = {lock}), thread 1 writes it again at the same
        // site: the warning and the pair come from that repeat
        List<EquivalencePropertyTest.Event> t = List.of(
                new EquivalencePropertyTest.Event("start", 0, 1, 0),
                new EquivalencePropertyTest.Event("start", 0, 2, 0),
                new EquivalencePropertyTest.Event("w", 1, 0, 1),
                new EquivalencePropertyTest.Event("acq", 2, 0, 1),
                new EquivalencePropertyTest.Event("w", 2, 0, 3),
                new EquivalencePropertyTest.Event("rel", 2, 0, 1),
                new EquivalencePropertyTest.Event("w", 1, 0, 1));
        List<EquivalencePropertyTest.Event> dropped = t.subList(0, t.size() - 1);
        assertThat(counts(t)).contains("eraser 1-3 x1");
        assertThat(counts(dropped)).doesNotContain("eraser 1-3 x1");
    }

    /** Each detector's pairs with their event counts. */
    static Set<String> counts(List<EquivalencePropertyTest.Event> trace) {
        EventHub hub = EventHub.of(EquivalencePropertyTest.DETECTORS);
        List<Shadow> locations = new ArrayList<>();
        Cells array = hub.newCells(16);
        trace.forEach(e -> e.feed(hub, locations, array));
        Set<String> out = new TreeSet<>();
        for (Detector d : hub.detectors()) {
            d.pairs().entries().values().forEach(p -> out.add(d.name() + " " + p.siteA + "-" + p.siteB + " x" + p.events));
        }
        return out;
    }

    /** The trace with every access dropped that repeats one of its run; runs end at random too. */
    static List<EquivalencePropertyTest.Event> dropRepeats(List<EquivalencePropertyTest.Event> trace, Random rng) {
        List<EquivalencePropertyTest.Event> out = new ArrayList<>();
        Set<String> run = new HashSet<>();
        int runTid = -1;
        for (EquivalencePropertyTest.Event e : trace) {
            boolean access = e.op().equals("r") || e.op().equals("w");
            if (!access || e.tid() != runTid || rng.nextInt(8) == 0) {
                run.clear();
                runTid = access ? e.tid() : -1;
            }
            if (access && !run.add(e.op() + " " + e.a() + " " + e.b())) {
                continue;
            }
            out.add(e);
        }
        return out;
    }
}
