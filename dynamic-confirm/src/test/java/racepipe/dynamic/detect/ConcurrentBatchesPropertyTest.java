package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Two threads' batches (their accesses between two synchronisation events: concurrent) handed
 * to the hub at the same time, each on its own Java thread, give the pair sets of handing them
 * over one after the other, for the detectors whose sets do not depend on the order of
 * concurrent accesses (ls, hybrid, hb); Eraser's state machine does depend on it, so it is held
 * to HB ⊆ Hybrid ⊆ LS's neighbour: Eraser ⊆ LS. The arrays are shared, so the batches contend
 * for them ({@link Batch#own}); cells get more entries than their slice holds (they move to a
 * Shadow) and threads hold locks.
 */
class ConcurrentBatchesPropertyTest {
    /** One access of a batch: array, index, site (reads even, writes odd). */
    record Access(int array, int index, int site) {
        boolean write() {
            return (site & 1) == 1;
        }
    }

    static final List<String> DETECTORS = List.of("ls", "eraser", "hybrid", "hb");
    static final int ARRAYS = 3, LENGTH = 6;

    @Provide
    Arbitrary<List<Access>> batch() {
        return Combinators.combine(Arbitraries.integers().between(0, ARRAYS - 1),
                Arbitraries.integers().between(0, LENGTH - 1), Arbitraries.integers().between(0, 15))
                .as(Access::new).list().ofMinSize(1).ofMaxSize(60);
    }

    @Property(tries = 150)
    void concurrent_batches_should_give_the_pairs_of_serial_ones(@ForAll("batch") List<Access> one,
            @ForAll("batch") List<Access> two, @ForAll boolean locked, @ForAll int repeats) throws Exception {
        int loops = 1 + Math.floorMod(repeats, 40); // long enough for the batches to overlap
        List<Set<String>> serial = run(one, two, locked, loops, false);
        for (int attempt = 0; attempt < 3; attempt++) {
            List<Set<String>> concurrent = run(one, two, locked, loops, true);
            for (int d = 0; d < DETECTORS.size(); d++) {
                if (!DETECTORS.get(d).equals("eraser")) {
                    assertThat(concurrent.get(d)).as(DETECTORS.get(d)).isEqualTo(serial.get(d));
                }
            }
            assertThat(concurrent.get(0)).containsAll(strip(concurrent.get(1))); // eraser ⊆ ls
        }
    }

    private static Set<String> strip(Set<String> eraser) {
        Set<String> s = new TreeSet<>();
        eraser.forEach(p -> s.add(p.replace("eraser", "ls")));
        return s;
    }

    /**
     * Main writes every cell and starts threads 1 and 2 (thread 1 holding lock 3 when locked);
     * their batches run at once or one after the other; then main joins both and reads every
     * cell.
     */
    static List<Set<String>> run(List<Access> one, List<Access> two, boolean locked, int loops, boolean concurrent)
            throws Exception {
        EventHub hub = EventHub.of(DETECTORS);
        Cells[] arrays = new Cells[ARRAYS];
        for (int a = 0; a < ARRAYS; a++) {
            arrays[a] = hub.newCells(LENGTH);
            for (int i = 0; i < LENGTH; i++) {
                hub.access(0, arrays[a], i, 101, true);
            }
        }
        hub.threadStart(0, 1);
        hub.threadStart(0, 2);
        if (locked) {
            hub.acquire(1, 3, true);
        }
        Batch b1 = hub.newBatch(), b2 = hub.newBatch();
        hub.begin(b1, 1);
        hub.begin(b2, 2);
        if (concurrent) {
            CyclicBarrier go = new CyclicBarrier(2);
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Thread t1 = new Thread(() -> feed(hub, arrays, b1, one, loops, go, failed));
            Thread t2 = new Thread(() -> feed(hub, arrays, b2, two, loops, go, failed));
            t1.start();
            t2.start();
            t1.join();
            t2.join();
            assertThat(failed.get()).isNull();
        } else {
            feed(hub, arrays, b1, one, loops, null, null);
            feed(hub, arrays, b2, two, loops, null, null);
        }
        if (locked) {
            hub.release(1, 3, true);
        }
        hub.threadJoin(0, 1);
        hub.threadJoin(0, 2);
        for (Cells c : arrays) {
            for (int i = 0; i < LENGTH; i++) {
                hub.access(0, c, i, 100, false);
            }
        }
        List<Set<String>> out = new ArrayList<>();
        for (Detector d : hub.detectors()) {
            Set<String> s = new TreeSet<>();
            d.pairs().entries().values().forEach(p -> s.add(d.name() + " " + p.siteA + "-" + p.siteB));
            out.add(s);
        }
        return out;
    }

    /** As the runtime's Recorder hands a list over: own the array on a switch, give all up at the end. */
    private static void feed(EventHub hub, Cells[] arrays, Batch b, List<Access> accesses, int loops, CyclicBarrier go,
            AtomicReference<Throwable> failed) {
        try {
            if (go != null) {
                go.await();
            }
            Cells last = null;
            for (int l = 0; l < loops; l++) {
                for (Access x : accesses) {
                    Cells c = arrays[x.array()];
                    if (c != last) {
                        if (last != null) {
                            b.release(last);
                        }
                        b.own(c);
                        last = c;
                    }
                    hub.cell(b, c, x.index(), x.site(), x.write());
                }
            }
        } catch (Throwable t) {
            failed.set(t);
        } finally {
            b.releaseAll();
        }
    }
}
