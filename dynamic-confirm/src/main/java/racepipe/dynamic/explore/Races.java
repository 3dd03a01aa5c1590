package racepipe.dynamic.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Source-DPOR's step on a finished execution: its happens-before (program order, thread start
 * and join, and the order of dependent acts) as a vector clock per event, its races (an event
 * and a later dependent racing one of another thread, with nothing between them in
 * happens-before), and for each race the threads that could start its reversal at the earlier
 * event's choice point (the initials of notdep(e, E).e'); one of them goes into that node's
 * backtrack set unless one is there already.
 */
final class Races {
    private Races() {
    }

    /** Per location, lock or synchroniser: the events the next act there must follow. */
    private static final class Place {
        int lastWrite = -1;        // the last writing access, or the last act on a lock or synchroniser
        int lastTake = -1;         // locks: the last take
        final Map<Integer, Integer> reads = new HashMap<>(); // thread -> its last read since lastWrite
    }

    /**
     * {@code pending}: what the threads still blocked at the end were about to do (a deadlock):
     * each is analysed as if it came next, so that a take of a lock that never happened is
     * reversed with the take that made it wait.
     */
    static void backtrack(List<Event> events, List<Event> pending, List<Node> tree) {
        int threads = 1;
        for (Event e : events) {
            threads = Math.max(threads, e.thread + 1);
            for (Act a : e.acts) {
                if (a.kind() == Act.Kind.START) {
                    threads = Math.max(threads, (int) a.target() + 1);
                }
            }
        }
        int[][] lastClock = new int[threads][];
        int[] lastEvent = new int[threads];
        int[] startedBy = new int[threads];
        java.util.Arrays.fill(lastEvent, -1);
        java.util.Arrays.fill(startedBy, -1);
        Map<Long, Place> accesses = new HashMap<>(), locks = new HashMap<>(), syncs = new HashMap<>();
        int real = events.size();
        for (int j = 0; j < real + pending.size(); j++) {
            if (j >= real) {
                events = new ArrayList<>(events.subList(0, real));
                events.add(pending.get(j - real));
            }
            int at0 = Math.min(j, real); // a pending event is analysed at the end of the real ones
            Event e = events.get(at0);
            int p = e.thread;
            int[] c = lastClock[p] == null ? new int[threads] : lastClock[p].clone();
            if (lastClock[p] == null && startedBy[p] >= 0) {
                join(c, events.get(startedBy[p]).clock);
            }
            for (Act a : e.acts) {
                if (a.kind() == Act.Kind.JOIN && a.target() < threads && lastEvent[(int) a.target()] >= 0) {
                    join(c, events.get(lastEvent[(int) a.target()]).clock);
                }
            }
            e.seq = (lastClock[p] == null ? 0 : lastClock[p][p]) + 1;
            Act first = e.first();
            List<Integer> racing = first.racing() && at0 > 0 ? racesOf(events, first, p, c, place(first, accesses, locks, syncs)) : List.of();
            for (Act a : e.acts) {
                Place at = place(a, accesses, locks, syncs);
                if (at != null) {
                    follow(events, c, a, at);
                }
            }
            c[p] = e.seq;
            e.clock = c;
            for (int i : racing) {
                reverse(events, tree, i, at0);
            }
            if (j >= real) {
                continue; // pending: nothing comes after it
            }
            lastClock[p] = c;
            lastEvent[p] = j;
            for (Act a : e.acts) {
                Place at = place(a, accesses, locks, syncs);
                if (a.kind() == Act.Kind.START && a.target() < threads) {
                    startedBy[(int) a.target()] = j;
                } else if (at != null) {
                    note(at, a, p, j);
                }
            }
        }
    }

    private static Place place(Act a, Map<Long, Place> accesses, Map<Long, Place> locks, Map<Long, Place> syncs) {
        Act.Kind k = a.kind();
        Map<Long, Place> m = k.access() ? accesses : k.lock() ? locks : k.sync() ? syncs : null;
        return m == null ? null : m.computeIfAbsent(a.target(), x -> new Place());
    }

    /** The event's clock takes in every earlier act that a must follow at its place. */
    private static void follow(List<Event> events, int[] c, Act a, Place at) {
        if (at.lastWrite >= 0) {
            join(c, events.get(at.lastWrite).clock);
        }
        if (a.kind().writes()) {
            for (int r : at.reads.values()) {
                join(c, events.get(r).clock);
            }
        }
    }

    private static void note(Place at, Act a, int thread, int j) {
        Act.Kind k = a.kind();
        if (k == Act.Kind.READ || k == Act.Kind.VOLATILE_READ) {
            at.reads.put(thread, j);
        } else {
            at.lastWrite = j;
            at.reads.clear();
            if (k.takes()) {
                at.lastTake = j;
            }
        }
    }

    /**
     * The earlier events racing with event j's act {@code a}: dependent, of another thread, not
     * already before j by program order, start or join ({@code c}), and not before another such one.
     */
    private static List<Integer> racesOf(List<Event> events, Act a, int p, int[] c, Place at) {
        List<Integer> cands = new ArrayList<>();
        if (a.kind().takes()) {
            add(cands, events, at.lastTake, a, p, c);
        } else {
            add(cands, events, at.lastWrite, a, p, c);
            if (a.kind().writes()) {
                for (int r : at.reads.values()) {
                    add(cands, events, r, a, p, c);
                }
            }
        }
        if (cands.size() <= 1) {
            return cands;
        }
        List<Integer> out = new ArrayList<>();
        for (int i : cands) {
            boolean covered = false;
            for (int k : cands) {
                if (k != i && events.get(i).before(events.get(k).clock)) {
                    covered = true;
                    break;
                }
            }
            if (!covered) {
                out.add(i);
            }
        }
        return out;
    }

    private static void add(List<Integer> cands, List<Event> events, int i, Act a, int p, int[] c) {
        if (i > 0) { // the first event (main before any choice) has nothing to be reversed with
            Event e = events.get(i);
            if (e.thread != p && !e.before(c) && Act.dependent(e.first(), a)) {
                cands.add(i);
            }
        }
    }

    /**
     * The race (i, j): at the choice point before event i, some thread that starts
     * notdep(i).j must be tried. i was chosen at node i - 1.
     */
    private static void reverse(List<Event> events, List<Node> tree, int i, int j) {
        Node node = tree.get(i - 1);
        Event ei = events.get(i);
        Map<Integer, Integer> firstSeq = new HashMap<>(); // thread -> seq of its first event in v
        List<Integer> initials = new ArrayList<>();
        for (int k = i + 1; k <= j; k++) {
            Event ek = events.get(k);
            if ((k < j && ei.before(ek.clock)) || firstSeq.containsKey(ek.thread)) {
                continue; // after i (not in notdep(i)), or not its thread's first event in v
            }
            boolean first = true;
            for (Map.Entry<Integer, Integer> f : firstSeq.entrySet()) {
                if (f.getKey() < ek.clock.length && ek.clock[f.getKey()] >= f.getValue()) {
                    first = false; // an earlier event of v happens before it
                    break;
                }
            }
            firstSeq.put(ek.thread, ek.seq);
            if (first) {
                initials.add(ek.thread);
            }
        }
        for (int t : initials) {
            if (node.backtrack.get(t)) {
                return;
            }
        }
        int p = events.get(j).thread;
        int pick = initials.contains(p) && node.enabled.get(p) ? p : -1;
        for (int k = 0; pick < 0 && k < initials.size(); k++) {
            pick = node.enabled.get(initials.get(k)) ? initials.get(k) : -1;
        }
        if (pick >= 0) {
            node.backtrack.set(pick);
        } else if (!initials.isEmpty() && initials.stream().noneMatch(node.atPoint::get)) {
            // no thread of the reversal was at a point there (a pool's thread that came late): a gap;
            // one at a point but not enabled (a spinning thread held back) is the spin rule's bound
            node.unreachable = true;
        }
    }

    private static void join(int[] c, int[] d) {
        for (int t = 0; t < c.length && t < d.length; t++) {
            if (d[t] > c[t]) {
                c[t] = d[t];
            }
        }
    }
}
