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

    /**
     * The recorder begins a thread's list once (runtime.Recorder's give), then gives its accesses
     * one after the other: every detector reports what it does with a begin before each access,
     * counts included, also those whose stamps move at the thread's own accesses (shb, syncp).
     */
    @Property(tries = 1000)
    void one_begin_per_stretch_should_report_what_a_begin_per_access_does(
            @ForAll("programs") List<List<EquivalencePropertyTest.Step>> programs, @ForAll long seed) {
        List<EquivalencePropertyTest.Event> trace = EquivalencePropertyTest.schedule(programs, new Random(seed));
        List<String> all = List.of("ls", "eraser", "hybrid", "hb", "shb", "wcp", "syncp");
        for (List<String> detectors : List.of(all, List.of("hb", "shb", "wcp", "syncp"))) {
            EventHub each = EventHub.of(detectors), once = EventHub.of(detectors);
            List<Shadow> le = new ArrayList<>(), lo = new ArrayList<>();
            Cells ae = each.newCells(4), ao = once.newCells(4);
            int begun = -1;
            for (EquivalencePropertyTest.Event e : trace) {
                boolean access = e.op().equals("r") || e.op().equals("w");
                if (!access) {
                    e.feed(each, le, ae);
                    e.feed(once, lo, ao);
                    begun = -1;
                    continue;
                }
                each.begin(e.tid());
                if (e.tid() != begun) {
                    once.begin(e.tid());
                    begun = e.tid();
                }
                access(each, le, ae, e); // even locations fields, odd ones cells
                access(once, lo, ao, e);
            }
            assertThat(pairs(once)).isEqualTo(pairs(each));
        }
    }

    private static void access(EventHub hub, List<Shadow> fields, Cells cells, EquivalencePropertyTest.Event e) {
        boolean write = e.op().equals("w");
        if (e.a() % 2 == 1) {
            hub.cell(cells, e.a(), e.b(), write);
            return;
        }
        while (fields.size() <= e.a()) {
            fields.add(hub.newShadow());
        }
        hub.field(fields.get(e.a()), e.b(), write);
    }

    /** One step: a run of accesses by a thread (under a lock when lock >= 0), or a barrier (all threads). */
    record Run(int tid, int start, int step, int count, int site, boolean write, int lock) {
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<Run>> runs() {
        net.jqwik.api.Arbitrary<Run> run = net.jqwik.api.Combinators.combine(
                net.jqwik.api.Arbitraries.integers().between(0, 3), net.jqwik.api.Arbitraries.integers().between(-2, 17),
                net.jqwik.api.Arbitraries.integers().between(-3, 3).filter(x -> x != 0),
                net.jqwik.api.Arbitraries.integers().between(1, 9), net.jqwik.api.Arbitraries.integers().between(0, 11),
                net.jqwik.api.Arbitraries.integers().between(-3, 1)).as((t, start, step, count, site, lock) -> start < 4
                        ? new Run(t, 0, 1, 16, site, site % 2 == 1, lock) // a loop over the whole array: its cells share shapes
                        : new Run(t, start, step, count, site, site % 2 == 1, lock));
        return run.list().ofMaxSize(40);
    }

    /**
     * A run given to the hub at once (cells: one detector after the other over the cells that
     * share a shape, fresh cells and cells moved to a Shadow of their own on the way) reports
     * what its accesses do one by one, counts included; tid 0 is a barrier.
     */
    @Property(tries = 1000)
    void runs_at_once_should_report_what_their_accesses_do_one_by_one(@ForAll("runs") List<Run> steps) {
        runsAtOnce(steps, EquivalencePropertyTest.DETECTORS);
    }

    /** The same with the predictors: alone (one walk for the four stamp columns), and beside the four (the fused pass and the rest). */
    @Property(tries = 500)
    void runs_at_once_should_report_what_their_accesses_do_one_by_one_for_the_predictors(@ForAll("runs") List<Run> steps) {
        runsAtOnce(steps, List.of("hb", "shb", "wcp", "syncp"));
        runsAtOnce(steps, List.of("ls", "eraser", "hybrid", "hb", "shb", "wcp", "syncp"));
    }

    /** Each detector's pairs do not depend on which others share its hub (the hub's paths differ). */
    @Property(tries = 500)
    void a_detectors_pairs_should_not_depend_on_its_company(@ForAll("runs") List<Run> steps) {
        List<String> alone = new ArrayList<>();
        for (String d : List.of("hb", "shb", "wcp", "syncp")) {
            alone.addAll(runsAtOnce(steps, List.of(d)));
        }
        List<String> together = runsAtOnce(steps, List.of("ls", "eraser", "hybrid", "hb", "shb", "wcp", "syncp"));
        together.removeIf(x -> x.startsWith("ls ") || x.startsWith("eraser ") || x.startsWith("hybrid "));
        assertThat(together).containsExactlyInAnyOrderElementsOf(alone);
        assertThat(runsAtOnce(steps, List.of("hb", "shb", "wcp", "syncp"))).containsExactlyInAnyOrderElementsOf(alone);
    }

    private static List<String> runsAtOnce(List<Run> steps, List<String> detectors) {
        EventHub one = EventHub.of(detectors), runs = EventHub.of(detectors);
        Cells a = one.newCells(16), b = runs.newCells(16);
        for (EventHub h : List.of(one, runs)) {
            h.threadStart(0, 1);
            h.threadStart(0, 2);
            h.threadStart(0, 3);
        }
        for (Run r : steps) {
            if (r.tid() == 0) {
                for (EventHub h : List.of(one, runs)) {
                    for (int t = 1; t <= 3; t++) {
                        h.volatileAccess(t, 1, true);
                    }
                    for (int t = 1; t <= 3; t++) {
                        h.volatileAccess(t, 1, false);
                    }
                }
                continue;
            }
            if (r.lock() >= 0) {
                one.acquire(r.tid(), r.lock(), true);
                runs.acquire(r.tid(), r.lock(), true);
            }
            for (int i = 0, index = r.start(); i < r.count(); i++, index += r.step()) {
                if (index >= 0 && index < 16) {
                    one.access(r.tid(), a, index, r.site(), r.write());
                }
            }
            runs.begin(r.tid());
            runs.cells(b, r.start(), r.count() == 1 ? 0 : r.step(), r.count(), r.site(), r.write()); // one access: step 0, as the recorder keeps it
            if (r.lock() >= 0) {
                one.release(r.tid(), r.lock(), true);
                runs.release(r.tid(), r.lock(), true);
            }
        }
        assertThat(pairs(runs)).isEqualTo(pairs(one));
        return pairs(runs);
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
