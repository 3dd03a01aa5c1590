package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * What the recorder's runs (runtime.Recorder) stand on: within a stretch of one thread's
 * accesses that no other event interrupts (one hand-over list), the accesses may reach the
 * detectors in any order: no detector's pair set changes (event counts, evidence only, may).
 * Lockset and hybrid compare an access with other threads' entries only; happens-before's
 * clocks do not move between the thread's own accesses; Eraser's candidate set C(v) is a
 * subset of every entry's protection in the history, and it keeps only reads in Shared mode,
 * so which of the thread's accesses comes first changes the state on the way, not the pairs.
 * Stretches are cut at random too, as a full list is handed over early.
 */
class ReorderPropertyTest {
    @Property(tries = 1000)
    void shuffling_a_threads_accesses_within_a_stretch_should_change_no_pair(
            @ForAll("programs") List<List<EquivalencePropertyTest.Step>> programs, @ForAll long seed) {
        List<EquivalencePropertyTest.Event> trace = EquivalencePropertyTest.schedule(programs, new Random(seed));
        assertThat(EquivalencePropertyTest.newSets(shuffleStretches(trace, new Random(~seed))))
                .isEqualTo(EquivalencePropertyTest.newSets(trace));
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<List<EquivalencePropertyTest.Step>>> programs() {
        return new EquivalencePropertyTest().programs();
    }

    @Test
    void a_run_given_at_once_should_report_what_its_accesses_one_by_one_do() {
        // thread 1 writes cells 0, 2, 4, 6 from one site, thread 2 reads 6, 4, 2, 0 (a negative
        // step) and cell 9, past the array's end (skipped: that access threw)
        EventHub one = EventHub.of(EquivalencePropertyTest.DETECTORS), runs = EventHub.of(EquivalencePropertyTest.DETECTORS);
        Cells a = one.newCells(8), b = runs.newCells(8);
        for (EventHub h : List.of(one, runs)) {
            h.threadStart(0, 1);
            h.threadStart(0, 2);
        }
        for (int i = 0; i < 4; i++) {
            one.access(1, a, 2 * i, 7, true);
        }
        runs.begin(1);
        runs.cells(b, 0, 2, 4, 7, true);
        for (int i = 3; i >= 0; i--) {
            one.access(2, a, 2 * i, 4, false);
        }
        runs.begin(2);
        runs.cells(b, 6, -2, 4, 4, false);
        runs.cells(b, 9, 1, 1, 4, false);
        assertThat(pairs(runs)).isEqualTo(pairs(one)).containsExactly("hb 4-7 x4", "hybrid 4-7 x4", "ls 4-7 x4"); // eraser: reads after the writes only share
    }

    private static List<String> pairs(EventHub hub) {
        List<String> out = new ArrayList<>();
        for (Detector d : hub.detectors()) {
            d.pairs().entries().values().forEach(p -> out.add(d.name() + " " + p.siteA + "-" + p.siteB + " x" + p.events));
        }
        Collections.sort(out);
        return out;
    }

    /** The trace with each stretch of one thread's accesses shuffled; stretches end at random too. */
    static List<EquivalencePropertyTest.Event> shuffleStretches(List<EquivalencePropertyTest.Event> trace, Random rng) {
        List<EquivalencePropertyTest.Event> out = new ArrayList<>();
        List<EquivalencePropertyTest.Event> stretch = new ArrayList<>();
        int tid = -1;
        for (EquivalencePropertyTest.Event e : trace) {
            boolean access = e.op().equals("r") || e.op().equals("w");
            if (!access || e.tid() != tid || rng.nextInt(8) == 0) {
                Collections.shuffle(stretch, rng);
                out.addAll(stretch);
                stretch.clear();
                tid = access ? e.tid() : -1;
            }
            if (access) {
                stretch.add(e);
            } else {
                out.add(e);
            }
        }
        Collections.shuffle(stretch, rng);
        out.addAll(stretch);
        return out;
    }
}
