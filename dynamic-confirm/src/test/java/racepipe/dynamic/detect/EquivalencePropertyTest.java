package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The detectors report exactly the pair sets of the detectors before issue 12 (kept verbatim in
 * the {@code reference} package), on any trace a program could produce: per-thread programs of
 * accesses (repeated, as loops repeat them), locks (reentrant, read and write modes), wait and
 * notify, volatile accesses, threads starting threads and joining finished ones, interleaved by
 * a random schedule that respects the locks.
 */
class EquivalencePropertyTest {
    /**
     * One step of a thread. kind: 0 read, 1 write, 2 lock, 3 unlock the innermost hold, 4
     * read-lock, 5 notify, 6 wait on a held monitor, 7 volatile write, 8 volatile read, 9 start
     * the next thread not yet started, 10 join a finished thread. arg: the location, lock,
     * monitor or volatile; site: which statement (read sites even, write sites odd); repeat: how
     * many times in a row (a loop).
     */
    record Step(int kind, int arg, int site, int repeat) {
    }

    /** One event as the runtime would give it to EventHub. */
    record Event(String op, int tid, int a, int b) {
        /** Locations 0 to 3 are fields (a Shadow each), the others cells of one array. */
        void feed(EventHub hub, List<Shadow> locations, Cells array) {
            switch (op) {
                case "r", "w" -> {
                    if (a < 4) {
                        hub.access(tid, location(hub, locations, a), b, op.equals("w"));
                    } else {
                        hub.access(tid, array, a - 4, b, op.equals("w"));
                    }
                }
                case "acq" -> hub.acquire(tid, a, b == 1);
                case "rel" -> hub.release(tid, a, b == 1);
                case "releaseAll" -> hub.releaseAll(tid, a);
                case "reacquire" -> hub.reacquire(tid, a, b);
                case "notify" -> hub.notifyWaiters(tid, a);
                case "waitReturn" -> hub.waitReturn(tid, a);
                case "vol" -> hub.volatileAccess(tid, a, b == 1);
                case "start" -> hub.threadStart(tid, a);
                case "join" -> hub.threadJoin(tid, a);
                default -> throw new IllegalStateException(op);
            }
        }

        void feed(racepipe.dynamic.detect.reference.EventHub hub, List<racepipe.dynamic.detect.reference.Shadow> locations) {
            switch (op) {
                case "r", "w" -> {
                    while (locations.size() <= a) {
                        locations.add(hub.newShadow());
                    }
                    hub.access(tid, locations.get(a), b, op.equals("w"));
                }
                case "acq" -> hub.acquire(tid, a, b == 1);
                case "rel" -> hub.release(tid, a, b == 1);
                case "releaseAll" -> hub.releaseAll(tid, a);
                case "reacquire" -> hub.reacquire(tid, a, b);
                case "notify" -> hub.notifyWaiters(tid, a);
                case "waitReturn" -> hub.waitReturn(tid, a);
                case "vol" -> hub.volatileAccess(tid, a, b == 1);
                case "start" -> hub.threadStart(tid, a);
                case "join" -> hub.threadJoin(tid, a);
                default -> throw new IllegalStateException(op);
            }
        }

        private static Shadow location(EventHub hub, List<Shadow> locations, int i) {
            while (locations.size() <= i) {
                locations.add(hub.newShadow());
            }
            return locations.get(i);
        }
    }

    static final List<String> DETECTORS = List.of("ls", "eraser", "hybrid", "hb");

    @Provide
    Arbitrary<List<List<Step>>> programs() {
        Arbitrary<Step> step = Combinators.combine(
                Arbitraries.integers().between(0, 16).map(k -> k > 10 ? k % 2 : k), // accesses weigh more
                Arbitraries.integers().between(0, 3), Arbitraries.integers().between(0, 4),
                Arbitraries.integers().between(1, 3)).as(Step::new);
        return step.list().ofMaxSize(20).list().ofMinSize(2).ofMaxSize(5);
    }

    @Property(tries = 1000)
    void new_detectors_should_report_the_pairs_of_the_old(@ForAll("programs") List<List<Step>> programs, @ForAll long seed) {
        List<Event> trace = schedule(programs, new Random(seed));
        assertThat(newSets(trace)).isEqualTo(oldSets(trace));
    }

    /**
     * Two fields accessed from many statements under many lock combinations: a location with more
     * distinct accesses than an int has bits (Eraser keeps the history bits of entries from 32 on
     * in the location's own shape).
     */
    @Provide
    Arbitrary<List<List<Step>>> crowded() {
        Arbitrary<Step> step = Combinators.combine(
                Arbitraries.integers().between(0, 12).map(k -> k > 8 ? k % 2 : k),
                Arbitraries.integers().between(0, 3), Arbitraries.integers().between(0, 24),
                Arbitraries.integers().between(1, 2)).as((k, a, site, r) -> new Step(k, k <= 1 ? a % 2 : a, site, r));
        return step.list().ofMinSize(20).ofMaxSize(60).list().ofMinSize(2).ofMaxSize(4);
    }

    @Property(tries = 200)
    void crowded_locations_should_report_the_pairs_of_the_old(@ForAll("crowded") List<List<Step>> programs,
            @ForAll long seed) {
        List<Event> trace = schedule(programs, new Random(seed));
        assertThat(newSets(trace)).isEqualTo(oldSets(trace));
    }

    @Test
    void a_location_past_32_entries_should_report_the_pairs_of_the_old() {
        // 40 read statements by thread 1, then two writes by thread 2 without a lock, all twice; then
        // two more writes, which pair with every read in the history (entries 32 and up too)
        List<Event> t = new ArrayList<>();
        t.add(new Event("start", 0, 1, 0));
        t.add(new Event("start", 0, 2, 0));
        for (int round = 0; round < 2; round++) {
            for (int site = 0; site < 40; site++) {
                t.add(new Event("r", 1, 0, 2 * site));
            }
            t.add(new Event("w", 2, 0, 1));
            t.add(new Event("w", 2, 0, 3));
        }
        t.add(new Event("w", 2, 0, 5));
        t.add(new Event("w", 2, 0, 7));
        List<Set<String>> sets = newSets(t);
        assertThat(sets).isEqualTo(oldSets(t));
        assertThat(sets.get(1)).hasSize(160); // eraser: every read site with each of the four write sites
    }

    /**
     * Many locations, few threads, long loops: the shapes of a compute kernel, where the fast
     * paths run (locations 4 and up are array cells, some outgrow their slice of the array).
     */
    @Property(tries = 200)
    void kernels_should_report_the_pairs_of_the_old(@ForAll("programs") List<List<Step>> programs, @ForAll long seed) {
        List<List<Step>> loops = new ArrayList<>();
        for (List<Step> p : programs) {
            List<Step> l = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (Step s : p) {
                    l.add(new Step(s.kind(), s.kind() <= 1 ? s.arg() + 4 * round : s.arg(), s.site(), s.repeat()));
                }
            }
            loops.add(l);
        }
        List<Event> trace = schedule(loops, new Random(seed));
        assertThat(newSets(trace)).isEqualTo(oldSets(trace));
    }

    @Test
    void a_grid_relaxed_by_two_threads_with_a_barrier_should_report_the_pairs_of_the_old() {
        // SOR's pattern: each thread writes its half of a row of cells and reads its neighbours;
        // a barrier (volatile write and read, HB only) separates the rounds
        List<Event> t = new ArrayList<>();
        int n = 12;
        for (int c = 0; c < n; c++) {
            t.add(new Event("w", 0, c, 1));
        }
        t.add(new Event("start", 0, 1, 0));
        t.add(new Event("start", 0, 2, 0));
        for (int round = 0; round < 4; round++) {
            for (int tid = 1; tid <= 2; tid++) {
                for (int c = (tid - 1) * n / 2; c < tid * n / 2; c++) {
                    t.add(new Event("r", tid, c, 2));
                    if (c > 0) {
                        t.add(new Event("r", tid, c - 1, 4));
                    }
                    if (c < n - 1) {
                        t.add(new Event("r", tid, c + 1, 6));
                    }
                    t.add(new Event("w", tid, c, 3));
                }
                t.add(new Event("vol", tid, 99, 1));
                t.add(new Event("vol", tid, 99, 0));
            }
            if (round == 2) {
                t.add(new Event("acq", 1, 7, 1));
                t.add(new Event("w", 1, 0, 5));
                t.add(new Event("rel", 1, 7, 1));
            }
        }
        t.add(new Event("join", 0, 1, 0));
        t.add(new Event("join", 0, 2, 0));
        for (int c = 0; c < n; c++) {
            t.add(new Event("r", 0, c, 8));
        }
        assertThat(newSets(t)).isEqualTo(oldSets(t));
        assertThat(newSets(t).get(0)).isNotEmpty();
    }

    static List<Set<String>> newSets(List<Event> trace) {
        EventHub hub = EventHub.of(DETECTORS);
        List<Shadow> locations = new ArrayList<>();
        Cells array = hub.newCells(16);
        trace.forEach(e -> e.feed(hub, locations, array));
        List<Set<String>> out = new ArrayList<>();
        for (Detector d : hub.detectors()) {
            Set<String> s = new TreeSet<>();
            d.pairs().entries().values().forEach(p -> s.add(d.name() + " " + p.siteA + "-" + p.siteB));
            out.add(s);
        }
        return out;
    }

    static List<Set<String>> oldSets(List<Event> trace) {
        racepipe.dynamic.detect.reference.EventHub hub = racepipe.dynamic.detect.reference.EventHub.of(DETECTORS);
        List<racepipe.dynamic.detect.reference.Shadow> locations = new ArrayList<>();
        trace.forEach(e -> e.feed(hub, locations));
        List<Set<String>> out = new ArrayList<>();
        for (racepipe.dynamic.detect.reference.Detector d : hub.detectors()) {
            Set<String> s = new TreeSet<>();
            d.pairs().entries().values().forEach(p -> s.add(d.name() + " " + p.siteA + "-" + p.siteB));
            out.add(s);
        }
        return out;
    }

    /**
     * Runs the programs under a random schedule: thread i + 1 runs programs[i]; main (0) starts
     * threads 1 and 2, the others start when a running thread's start step comes (or main starts
     * them at the end), and main joins everyone at the end, then reads every location.
     */
    static List<Event> schedule(List<List<Step>> programs, Random rng) {
        int n = programs.size();
        List<Event> out = new ArrayList<>();
        int[] pc = new int[n + 1];
        int[] left = new int[n + 1];     // repeats left of the current step
        int[] state = new int[n + 1];    // 0 not started, 1 running, 2 waiting, 3 woken, 4 finished
        int[] waitOn = new int[n + 1];
        int[] waitHolds = new int[n + 1];
        int[] owner = {-1, -1, -1, -1};
        int[][] readers = new int[4][n + 1];
        List<List<int[]>> held = new ArrayList<>(); // per thread: {lock, exclusive} innermost last
        for (int i = 0; i <= n; i++) {
            held.add(new ArrayList<>());
        }
        int nextStart = 1;
        for (; nextStart <= Math.min(2, n); nextStart++) {
            out.add(new Event("start", 0, nextStart, 0));
            state[nextStart] = 1;
        }
        while (true) {
            List<Integer> ready = new ArrayList<>();
            for (int t = 1; t <= n; t++) {
                if (state[t] == 3 && free(waitOn[t], t, owner, readers)) {
                    ready.add(t);
                } else if (state[t] == 1) {
                    List<Step> p = programs.get(t - 1);
                    if (pc[t] >= p.size() || canRun(p.get(pc[t]), t, owner, readers)) {
                        ready.add(t);
                    }
                }
            }
            if (ready.isEmpty()) {
                break;
            }
            int t = ready.get(rng.nextInt(ready.size()));
            if (state[t] == 3) { // back from wait: the notification's clock, then the monitor again
                out.add(new Event("waitReturn", t, waitOn[t], 0));
                out.add(new Event("reacquire", t, waitOn[t], waitHolds[t]));
                owner[waitOn[t]] = t;
                for (int k = 0; k < waitHolds[t]; k++) {
                    held.get(t).add(new int[] {waitOn[t], 1});
                }
                state[t] = 1;
                continue;
            }
            List<Step> p = programs.get(t - 1);
            if (pc[t] >= p.size()) { // finished: release what it still holds, then end
                if (!held.get(t).isEmpty()) {
                    release(out, t, held.get(t).remove(held.get(t).size() - 1), owner, readers);
                } else {
                    state[t] = 4;
                }
                continue;
            }
            Step s = p.get(pc[t]);
            if (left[t] == 0) {
                left[t] = s.kind() <= 1 ? s.repeat() : 1;
            }
            if (--left[t] == 0) {
                pc[t]++;
            }
            switch (s.kind()) {
                case 0 -> out.add(new Event("r", t, s.arg(), 2 * s.site()));
                case 1 -> out.add(new Event("w", t, s.arg(), 2 * s.site() + 1));
                case 2 -> {
                    owner[s.arg()] = t;
                    held.get(t).add(new int[] {s.arg(), 1});
                    out.add(new Event("acq", t, s.arg(), 1));
                }
                case 3 -> {
                    if (!held.get(t).isEmpty()) {
                        release(out, t, held.get(t).remove(held.get(t).size() - 1), owner, readers);
                    }
                }
                case 4 -> {
                    readers[s.arg()][t]++;
                    held.get(t).add(new int[] {s.arg(), 0});
                    out.add(new Event("acq", t, s.arg(), 0));
                }
                case 5 -> {
                    out.add(new Event("notify", t, s.arg(), 0));
                    for (int u = 1; u <= n; u++) {
                        if (state[u] == 2 && waitOn[u] == s.arg()) {
                            state[u] = 3;
                        }
                    }
                }
                case 6 -> {
                    int m = s.arg();
                    if (owner[m] == t && readers[m][t] == 0 && rng.nextInt(4) > 0) {
                        int holds = 0;
                        for (int k = held.get(t).size() - 1; k >= 0; k--) {
                            if (held.get(t).get(k)[0] == m) {
                                held.get(t).remove(k);
                                holds++;
                            }
                        }
                        out.add(new Event("releaseAll", t, m, 0));
                        owner[m] = -1;
                        waitOn[t] = m;
                        waitHolds[t] = holds;
                        state[t] = rng.nextInt(5) == 0 ? 3 : 2; // now and then a spurious wake-up
                    }
                }
                case 7 -> out.add(new Event("vol", t, s.arg(), 1));
                case 8 -> out.add(new Event("vol", t, s.arg(), 0));
                case 9 -> {
                    if (nextStart <= n) {
                        out.add(new Event("start", t, nextStart, 0));
                        state[nextStart++] = 1;
                    }
                }
                default -> {
                    List<Integer> done = new ArrayList<>();
                    for (int u = 1; u <= n; u++) {
                        if (state[u] == 4 && u != t) {
                            done.add(u);
                        }
                    }
                    if (!done.isEmpty()) {
                        out.add(new Event("join", t, done.get(rng.nextInt(done.size())), 0));
                    }
                }
            }
        }
        for (int t = 1; t <= n; t++) { // threads never started run nothing; waiters never woken stay
            if (state[t] == 4) {
                out.add(new Event("join", 0, t, 0));
            }
        }
        for (int loc = 0; loc < 16; loc++) {
            out.add(new Event(loc % 2 == 0 ? "r" : "w", 0, loc, 100 + loc % 2));
        }
        return out;
    }

    private static boolean free(int lock, int t, int[] owner, int[][] readers) {
        if (owner[lock] != -1 && owner[lock] != t) {
            return false;
        }
        for (int r = 0; r < readers[lock].length; r++) {
            if (r != t && readers[lock][r] > 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean canRun(Step s, int t, int[] owner, int[][] readers) {
        return switch (s.kind()) {
            case 2 -> free(s.arg(), t, owner, readers);
            case 4 -> owner[s.arg()] == -1 || owner[s.arg()] == t;
            default -> true;
        };
    }

    private static void release(List<Event> out, int t, int[] hold, int[] owner, int[][] readers) {
        if (hold[1] == 1) {
            out.add(new Event("rel", t, hold[0], 1));
            owner[hold[0]] = ownerAfter(out, t, hold[0]);
        } else {
            readers[hold[0]][t]--;
            out.add(new Event("rel", t, hold[0], 0));
        }
    }

    /** The lock stays the thread's while it holds it exclusively again further out (reentrancy). */
    private static int ownerAfter(List<Event> out, int t, int lock) {
        int depth = 0;
        for (Event e : out) {
            if (e.tid() == t && e.a() == lock) {
                switch (e.op()) {
                    case "acq" -> depth += e.b();
                    case "rel" -> depth -= e.b();
                    case "releaseAll" -> depth = 0;
                    case "reacquire" -> depth += e.b();
                    default -> { }
                }
            }
        }
        return depth > 0 ? t : -1;
    }
}
