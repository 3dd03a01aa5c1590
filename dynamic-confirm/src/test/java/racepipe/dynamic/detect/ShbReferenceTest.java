package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * ShbDetector against SHB's definition computed event by event from the trace's log with full
 * vector clocks of its own (no epochs, no hub stamps, no skipped repeats): every event ticks its
 * thread's clock; HB's edges as racepipe models them (every release to later acquires, read-mode
 * acquires from exclusive releases only; start, join, notify to later wait returns, volatile
 * write to later reads) plus reads-from from the location's last write. Two conflicting accesses
 * of different threads race when the earlier is not ordered before the later one, the later read
 * taken without its own reads-from edge (Mathur, Kini, Viswanathan, OOPSLA 2018).
 */
class ShbReferenceTest {
    @Property(tries = 3000)
    void shb_should_report_exactly_the_definitions_pairs(
            @ForAll("programs") List<List<ContainmentPropertyTest.Step>> programs, @ForAll long seed) {
        Trace t = ContainmentPropertyTest.run(programs, new Random(seed));
        assertThat(DetectorsTest.pairs(t.shb)).containsExactlyInAnyOrderElementsOf(byEvents(t.log));
    }

    @Provide
    Arbitrary<List<List<ContainmentPropertyTest.Step>>> programs() {
        return new ContainmentPropertyTest().programs();
    }

    /** The SHB race pairs of the log, "siteA-siteB" with siteA <= siteB. */
    static Set<String> byEvents(List<int[]> log) {
        Map<Integer, int[]> threads = new HashMap<>();
        Map<Integer, int[]> released = new HashMap<>(), writeReleased = new HashMap<>(), notified = new HashMap<>(),
                volatiles = new HashMap<>(), lastWrite = new HashMap<>();
        List<int[]> accesses = new ArrayList<>(); // {tid, location, site, write, own value}, in order
        List<int[]> checkedWith = new ArrayList<>(); // each access's clock for its race check
        for (int[] ev : log) {
            int kind = ev[0], tid = ev[1], arg = ev[2];
            int[] c = threads.computeIfAbsent(tid, k -> new int[64]);
            c[tid]++;
            switch (kind) {
                case Trace.READ, Trace.WRITE -> {
                    accesses.add(new int[] {tid, arg, ev[3], kind == Trace.WRITE ? 1 : 0, c[tid]});
                    checkedWith.add(c.clone());
                    if (kind == Trace.WRITE) {
                        lastWrite.put(arg, c.clone());
                    } else if (lastWrite.containsKey(arg)) {
                        join(c, lastWrite.get(arg));
                    }
                }
                case Trace.ACQ -> join(c, (ev[3] == 1 ? released : writeReleased).get(arg));
                case Trace.REL -> {
                    into(released, arg, c);
                    if (ev[3] == 1) {
                        into(writeReleased, arg, c);
                    }
                }
                case Trace.FORK -> join(threads.computeIfAbsent(arg, k -> new int[64]), c);
                case Trace.JOIN -> join(c, threads.get(arg));
                case Trace.NOTIFY -> into(notified, arg, c);
                case Trace.WAITRET -> join(c, notified.get(arg));
                case Trace.VW -> into(volatiles, arg, c);
                default -> join(c, volatiles.get(arg));
            }
        }
        Set<String> out = new TreeSet<>();
        for (int j = 0; j < accesses.size(); j++) {
            int[] b = accesses.get(j);
            for (int i = 0; i < j; i++) {
                int[] a = accesses.get(i);
                if (a[0] != b[0] && a[1] == b[1] && (a[3] == 1 || b[3] == 1) && a[4] > checkedWith.get(j)[a[0]]) {
                    out.add(Math.min(a[2], b[2]) + "-" + Math.max(a[2], b[2]));
                }
            }
        }
        return out;
    }

    private static void join(int[] c, int[] from) {
        if (from != null) {
            for (int i = 0; i < c.length; i++) {
                c[i] = Math.max(c[i], from[i]);
            }
        }
    }

    private static void into(Map<Integer, int[]> clocks, int id, int[] c) {
        join(clocks.computeIfAbsent(id, k -> new int[64]), c);
    }
}
