package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * On any trace a real program could produce, HB ⊆ Hybrid ⊆ LS and SHB ⊆ HB ⊆ WCP as sets of
 * pairs (SHB adds reads-from to HB's order, WCP's order is within HB's), and SHB ⊆ SyncP (the
 * sync-preserving closure is within SHB's order); HB ⊆ SyncP holds for the first race only
 * (SyncpReferenceTest measures it). Traces are
 * generated as per-thread programs interleaved by a random schedule, so locks are well nested,
 * mutual exclusion holds, and joins only wait for finished threads.
 */
class ContainmentPropertyTest {
    /** One step of a thread: 0 read, 1 write, 2 lock, 3 unlock, 4 read-lock, 5 notify, 6 wait-return, 7 volatile w, 8 volatile r. */
    record Step(int kind, int arg, int site) {
    }

    @Provide
    Arbitrary<List<List<Step>>> programs() {
        Arbitrary<Step> step = Combinators.combine(Arbitraries.integers().between(0, 8),
                Arbitraries.integers().between(0, 3), Arbitraries.integers().between(0, 9)).as(Step::new);
        return step.list().ofMaxSize(14).list().ofMinSize(2).ofMaxSize(4);
    }

    @Property(tries = 500)
    void hb_within_hybrid_within_lockset(@ForAll("programs") List<List<Step>> programs, @ForAll long seed) {
        Trace t = run(programs, new java.util.Random(seed));
        assertThat(DetectorsTest.pairs(t.hybrid)).containsAll(DetectorsTest.pairs(t.hb));
        assertThat(DetectorsTest.pairs(t.ls)).containsAll(DetectorsTest.pairs(t.hybrid));
    }

    @Property(tries = 500)
    void shb_within_hb_within_wcp_and_syncp(@ForAll("programs") List<List<Step>> programs, @ForAll long seed) {
        Trace t = run(programs, new java.util.Random(seed));
        assertThat(DetectorsTest.pairs(t.hb)).containsAll(DetectorsTest.pairs(t.shb));
        assertThat(DetectorsTest.pairs(t.wcp)).containsAll(DetectorsTest.pairs(t.hb));
        assertThat(DetectorsTest.pairs(t.syncp)).containsAll(DetectorsTest.pairs(t.shb));
    }

    /** Interleaves the programs; a lock step waits while another thread holds the lock. */
    static Trace run(List<List<Step>> programs, java.util.Random rng) {
        return run(programs, rng, new Trace());
    }

    static Trace run(List<List<Step>> programs, java.util.Random rng, Trace t) {
        int n = programs.size();
        int[] pc = new int[n];
        int[] owner = {-1, -1, -1, -1};
        int[][] readers = new int[4][n];
        List<List<int[]>> held = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            t.start(0, i + 1);
            held.add(new ArrayList<>());
        }
        while (true) {
            List<Integer> ready = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (pc[i] < programs.get(i).size() && canRun(programs.get(i).get(pc[i]), i, owner, readers)) {
                    ready.add(i);
                } else if (pc[i] >= programs.get(i).size() && !held.get(i).isEmpty()) {
                    ready.add(i); // finished: release what it still holds
                }
            }
            if (ready.isEmpty()) {
                break;
            }
            int i = ready.get(rng.nextInt(ready.size()));
            int tid = i + 1;
            if (pc[i] >= programs.get(i).size()) {
                int[] h = held.get(i).remove(held.get(i).size() - 1);
                releaseLock(t, tid, i, h, owner, readers);
                continue;
            }
            Step s = programs.get(i).get(pc[i]++);
            int site = s.site() * 10 + i;
            switch (s.kind()) {
                case 0 -> t.read(tid, s.arg(), site);
                case 1 -> t.write(tid, s.arg(), site);
                case 2 -> {
                    owner[s.arg()] = i;
                    held.get(i).add(new int[] {s.arg(), 1});
                    t.lock(tid, s.arg());
                }
                case 4 -> {
                    readers[s.arg()][i]++;
                    held.get(i).add(new int[] {s.arg(), 0});
                    t.readLock(tid, s.arg());
                }
                case 3 -> {
                    if (!held.get(i).isEmpty()) {
                        releaseLock(t, tid, i, held.get(i).remove(held.get(i).size() - 1), owner, readers);
                    }
                }
                case 5 -> t.notifyAll(tid, s.arg());
                case 6 -> t.waitReturn(tid, s.arg());
                case 7 -> t.volatileWrite(tid, s.arg());
                default -> t.volatileRead(tid, s.arg());
            }
        }
        for (int i = 0; i < n; i++) {
            t.join(0, i + 1);
        }
        t.read(0, 0, 999).write(0, 1, 998);
        return t;
    }

    private static boolean canRun(Step s, int i, int[] owner, int[][] readers) {
        if (s.kind() == 2) {
            if (owner[s.arg()] != -1 && owner[s.arg()] != i) {
                return false;
            }
            for (int r = 0; r < readers[s.arg()].length; r++) {
                if (r != i && readers[s.arg()][r] > 0) {
                    return false;
                }
            }
            return owner[s.arg()] == -1; // no reentrant exclusive in the generator
        }
        if (s.kind() == 4) {
            return owner[s.arg()] == -1;
        }
        return true;
    }

    private static void releaseLock(Trace t, int tid, int i, int[] h, int[] owner, int[][] readers) {
        if (h[1] == 1) {
            owner[h[0]] = -1;
            t.unlock(tid, h[0]);
        } else {
            readers[h[0]][i]--;
            t.readUnlock(tid, h[0]);
        }
    }
}
