package racepipe.dynamic.detect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * iGoodlock (Joshi, Park, Sen, Naik, "A randomized dynamic program analysis technique for detecting
 * real deadlocks", PLDI 2009, section 3): the lock dependency relation of a run and its cycles.
 * A dependency is (thread, lock, the locks it holds, with the sites of their acquires), made by
 * every exclusive acquire while the thread holds another lock; a cycle of length k (2..{@link #MAX_K})
 * is a chain D1..Dk of distinct threads where each Di's lock is held by D(i+1) (Dk's by D1), the
 * held sets are pairwise disjoint (a common guard lock, a "gate", serialises them) and no two are
 * ordered by start/join (Goodlock's segmentation, here by vector clocks of start and join only).
 * A dependency is kept once per (thread, lock, site, held locks and their sites): a loop that
 * takes the same nested locks makes one. Only nested acquisitions cost more than a stack push.
 */
public final class Goodlock {
    /** The longest cycle looked for: cycles of more threads are rare and the search grows as deps^k. */
    static final int MAX_K = 3;

    /** One dependency: tid took lock at site while holding held (acquired at heldSites), at clock. */
    record Dep(int tid, int lock, int site, int[] held, int[] heldSites, VectorClock clock) {
        int siteOf(int lock) {
            for (int i = 0; i < held.length; i++) {
                if (held[i] == lock) {
                    return heldSites[i];
                }
            }
            return -1;
        }

        boolean holds(int lock) {
            for (int h : held) {
                if (h == lock) {
                    return true;
                }
            }
            return false;
        }
    }

    /** A cycle: per participant the site it took its held lock at and the site it wants the next at; its threads and locks. */
    public record Cycle(int[] sites, int[] threads, int[] locks) {
    }

    private int[][] heldLocks = new int[8][];
    private int[][] heldSites = new int[8][];
    private int[] depth = new int[8];
    private VectorClock[] clocks = new VectorClock[8];
    private final List<Dep> deps = new ArrayList<>();
    private final Set<String> known = new HashSet<>();

    private void ensure(int tid) {
        if (tid >= depth.length) {
            int n = Math.max(tid + 1, depth.length * 2);
            heldLocks = java.util.Arrays.copyOf(heldLocks, n);
            heldSites = java.util.Arrays.copyOf(heldSites, n);
            depth = java.util.Arrays.copyOf(depth, n);
            clocks = java.util.Arrays.copyOf(clocks, n);
        }
        if (heldLocks[tid] == null) {
            heldLocks[tid] = new int[4];
            heldSites[tid] = new int[4];
            clocks[tid] = new VectorClock();
            clocks[tid].tick(tid);
        }
    }

    /** tid took lock exclusively (its first hold) at site (-1: unknown). */
    public void acquire(int tid, int lock, int site) {
        acquire(tid, lock, site, true);
    }

    /**
     * tid took lock exclusively at site; {@code blocking} false for a try-lock (tryLock, timed or
     * not, tryWriteLock): it never waits for good, so it depends on nothing (DeadlockFuzzer's
     * lock dependencies are the acquires that block); the lock is held all the same.
     */
    public void acquire(int tid, int lock, int site, boolean blocking) {
        ensure(tid);
        int d = depth[tid];
        if (d > 0 && blocking) {
            dependency(tid, lock, site, d);
        }
        if (d == heldLocks[tid].length) {
            heldLocks[tid] = java.util.Arrays.copyOf(heldLocks[tid], d * 2);
            heldSites[tid] = java.util.Arrays.copyOf(heldSites[tid], d * 2);
        }
        heldLocks[tid][d] = lock;
        heldSites[tid][d] = site;
        depth[tid] = d + 1;
    }

    /**
     * tid is about to block for lock at site: the dependency is made at the request, so that a run
     * that deadlocks (its acquires never return) still has its cycle. Its acquire adds nothing new.
     */
    public void request(int tid, int lock, int site) {
        ensure(tid);
        int d = depth[tid];
        for (int i = 0; i < d; i++) {
            if (heldLocks[tid][i] == lock) {
                return; // reentrant: no dependency
            }
        }
        if (d > 0) {
            dependency(tid, lock, site, d);
        }
    }

    /** tid gave up its last exclusive hold of lock. */
    public void release(int tid, int lock) {
        ensure(tid);
        int d = depth[tid];
        for (int i = d - 1; i >= 0; i--) {
            if (heldLocks[tid][i] == lock) {
                System.arraycopy(heldLocks[tid], i + 1, heldLocks[tid], i, d - i - 1);
                System.arraycopy(heldSites[tid], i + 1, heldSites[tid], i, d - i - 1);
                depth[tid] = d - 1;
                return;
            }
        }
    }

    public void start(int parent, int child) {
        ensure(parent);
        ensure(child);
        clocks[child].join(clocks[parent]);
        clocks[child].tick(child);
        clocks[parent].tick(parent);
    }

    public void join(int joiner, int joined) {
        ensure(joiner);
        ensure(joined);
        clocks[joiner].join(clocks[joined]);
        clocks[joiner].tick(joiner);
    }

    private void dependency(int tid, int lock, int site, int d) {
        int[] held = java.util.Arrays.copyOf(heldLocks[tid], d);
        int[] sites = java.util.Arrays.copyOf(heldSites[tid], d);
        StringBuilder key = new StringBuilder().append(tid).append(':').append(lock).append('@').append(site);
        for (int i = 0; i < d; i++) {
            key.append(',').append(held[i]).append('@').append(sites[i]);
        }
        if (known.add(key.toString())) {
            deps.add(new Dep(tid, lock, site, held, sites, new VectorClock(clocks[tid])));
        }
    }

    /** The dependencies so far (for tests). */
    List<Dep> dependencies() {
        return deps;
    }

    /** The run's cycles, each once (rotated to start at its smallest participant), in the order found. */
    public List<Cycle> cycles() {
        List<Cycle> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Dep[] chain = new Dep[MAX_K];
        for (Dep first : deps) {
            chain[0] = first;
            extend(chain, 1, out, seen);
        }
        return out;
    }

    private void extend(Dep[] chain, int k, List<Cycle> out, Set<String> seen) {
        Dep last = chain[k - 1];
        for (Dep next : deps) {
            if (!next.holds(last.lock) || !compatible(chain, k, next)) {
                continue;
            }
            chain[k] = next;
            if (next.lock != chain[0].lock && chain[0].holds(next.lock)) {
                report(chain, k + 1, out, seen);
            } else if (k + 1 < MAX_K) {
                extend(chain, k + 1, out, seen);
            }
        }
    }

    /** next may join the chain: another thread, another wanted lock, a held set disjoint from each, not ordered with any. */
    private static boolean compatible(Dep[] chain, int k, Dep next) {
        for (int i = 0; i < k; i++) {
            Dep d = chain[i];
            if (d.tid == next.tid || d.lock == next.lock || !disjoint(d.held, next.held) || ordered(d, next)) {
                return false;
            }
        }
        return true;
    }

    private static boolean disjoint(int[] a, int[] b) {
        for (int x : a) {
            for (int y : b) {
                if (x == y) {
                    return false;
                }
            }
        }
        return true;
    }

    /** One dependency happened before the other by start and join: they can never be waiting at once. */
    static boolean ordered(Dep a, Dep b) {
        return b.clock.sees(a.tid, a.clock.get(a.tid)) || a.clock.sees(b.tid, b.clock.get(b.tid));
    }

    private static void report(Dep[] chain, int k, List<Cycle> out, Set<String> seen) {
        int[] sites = new int[2 * k];
        int[] threads = new int[k];
        int[] locks = new int[k];
        for (int i = 0; i < k; i++) {
            Dep d = chain[i];
            Dep before = chain[(i + k - 1) % k];
            sites[2 * i] = d.siteOf(before.lock);
            sites[2 * i + 1] = d.site;
            threads[i] = d.tid;
            locks[i] = d.lock;
        }
        for (int s : sites) {
            if (s < 0) {
                return; // an acquire with no site (a library monitor, a re-acquire after a wait): nothing to steer at
            }
        }
        int start = 0;
        for (int i = 1; i < k; i++) {
            if (Long.compare(pack(sites, i), pack(sites, start)) < 0) {
                start = i;
            }
        }
        int[] rs = new int[2 * k];
        int[] rt = new int[k];
        int[] rl = new int[k];
        for (int i = 0; i < k; i++) {
            int j = (start + i) % k;
            rs[2 * i] = sites[2 * j];
            rs[2 * i + 1] = sites[2 * j + 1];
            rt[i] = threads[j];
            rl[i] = locks[j];
        }
        if (seen.add(java.util.Arrays.toString(rs))) {
            out.add(new Cycle(rs, rt, rl));
        }
    }

    private static long pack(int[] sites, int i) {
        return ((long) sites[2 * i] << 32) | (sites[2 * i + 1] & 0xffffffffL);
    }
}
