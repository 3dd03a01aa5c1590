package racepipe.statics.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import racepipe.statics.StaticPair;
import racepipe.statics.internal.model.AccessFact;
import racepipe.statics.internal.model.LockId;
import racepipe.statics.internal.model.RaceModel;
import racepipe.statics.internal.model.ThreadInfo;

/**
 * Chord's pair stages over a {@link RaceModel}: same variable with a write -> two abstract
 * threads (or one multi-instance thread) -> aliasing -> escaping -> parallel -> unlocked.
 * {@link #counts} holds how many pairs survived each stage.
 */
public final class PairFinder {
    private final RaceModel model;
    public final Map<String, Integer> counts = new LinkedHashMap<>();
    /** When set and spent, {@link #run} stops and returns the pairs found so far. */
    public Budget budget;

    public PairFinder(RaceModel model) {
        this.model = model;
        for (String s : List.of("sameVariable", "threads", "aliasing", "escaping", "parallel", "unlocked")) {
            counts.put(s, 0);
        }
    }

    /**
     * One pair per site-key pair: lifted library accesses give one fact per call site and
     * variable, so two call sites may pair on several variables. The pair kept is the one with
     * the most writes; the evidence lists every variable ({@code variables}).
     */
    public static List<StaticPair> mergeBySites(List<StaticPair> pairs) {
        Map<String, List<StaticPair>> byKey = new LinkedHashMap<>();
        for (StaticPair p : pairs) {
            byKey.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p);
        }
        List<StaticPair> out = new ArrayList<>();
        for (List<StaticPair> group : byKey.values()) {
            if (group.size() == 1) {
                out.add(group.get(0));
                continue;
            }
            StaticPair best = group.get(0);
            for (StaticPair p : group) {
                if (writes(p) > writes(best)) {
                    best = p;
                }
            }
            Map<String, Object> ev = new LinkedHashMap<>(best.evidence());
            ev.put("variables", group.stream().map(StaticPair::variable).distinct().sorted().toList());
            out.add(new StaticPair(best.a(), best.b(), best.variable(), ev));
        }
        return out;
    }

    private static int writes(StaticPair p) {
        return (p.a().write() ? 1 : 0) + (p.b().write() ? 1 : 0);
    }

    public List<StaticPair> run() {
        Map<String, List<AccessFact>> byVar = model.accesses.stream()
                .collect(Collectors.groupingBy(a -> a.site.variable(), TreeMap::new, Collectors.toList()));
        List<StaticPair> out = new ArrayList<>();
        for (List<AccessFact> group : byVar.values()) {
            if (budget != null && budget.over()) {
                break;
            }
            for (int i = 0; i < group.size(); i++) {
                for (int j = i; j < group.size(); j++) {
                    StaticPair p = test(group.get(i), group.get(j));
                    if (p != null) {
                        out.add(p);
                    }
                }
            }
        }
        out.sort((x, y) -> x.key().compareTo(y.key()));
        return out;
    }

    private StaticPair test(AccessFact a, AccessFact b) {
        if (a.site.key().compareTo(b.site.key()) > 0) {
            AccessFact t = a; // the pair's sites are sorted by key: keep its evidence (A, B) in that order
            a = b;
            b = t;
        }
        if (!a.site.write() && !b.site.write()) {
            return null;
        }
        bump("sameVariable");
        if (!anyThreadPair(a, b, false)) {
            return null;
        }
        bump("threads");
        BitSet common = commonObjects(a, b);
        if (common == null) {
            return null;
        }
        if (!inside(a).equals(inside(b))) {
            return null; // one is inside an encapsulated collection the other cannot reach
        }
        if (a.constIndex != null && b.constIndex != null && !a.constIndex.equals(b.constIndex)) {
            return null; // two fixed, different elements
        }
        bump("aliasing");
        if (!a.isStatic() && !a.unknownBase && !b.unknownBase) {
            common.and(model.escaping);
            if (common.isEmpty()) {
                return null;
            }
        }
        if (a.fresh && b.fresh || a.allocatedHere && b.allocatedHere || (a.fresh || b.fresh) && within(a, b, common, model.publishedSafely)) {
            return null; // see AccessFact.fresh: its own unpublished object, or one published with an order
        }
        bump("escaping");
        if (flagOrdered(a, b) || flagOrdered(b, a)) {
            return null;
        }
        int[] tp = pick(a, b, true, within(a, b, common, model.handedOver), common);
        if (tp == null) {
            return null;
        }
        bump("parallel");
        if (guarded(a, b)) {
            return null;
        }
        bump("unlocked");
        return new StaticPair(a.site, b.site, a.site.variable(), evidence(a, b, tp, common));
    }

    private void bump(String stage) {
        counts.merge(stage, 1, Integer::sum);
    }

    private static String inside(AccessFact a) {
        return a.insideOf == null ? "" : a.insideOf;
    }

    /** Common abstract objects of the two bases; an empty set for statics; null: no alias. */
    private BitSet commonObjects(AccessFact a, AccessFact b) {
        if (a.isStatic() || b.isStatic()) {
            return a.isStatic() && b.isStatic() ? new BitSet() : null;
        }
        if (a.unknownBase || b.unknownBase) {
            BitSet any = (BitSet) (a.unknownBase ? b.objects : a.objects).clone();
            return any;
        }
        BitSet c = (BitSet) a.objects.clone();
        c.and(b.objects);
        return c.isEmpty() ? null : c;
    }

    private boolean anyThreadPair(AccessFact a, AccessFact b, boolean mhp) {
        return pick(a, b, mhp, false, null) != null;
    }

    private static boolean flagOrdered(AccessFact first, AccessFact then) {
        for (String f : first.beforeFlags) {
            if (then.afterFlags.contains(f)) {
                return true;
            }
        }
        return false;
    }

    /** Every common object of the two bases is in {@code set}. */
    private static boolean within(AccessFact a, AccessFact b, BitSet common, BitSet set) {
        if (a.isStatic() || a.unknownBase || b.unknownBase || common.isEmpty()) {
            return false;
        }
        BitSet rest = (BitSet) common.clone();
        rest.andNot(set);
        return rest.isEmpty();
    }

    private int[] pick(AccessFact a, AccessFact b, boolean mhp, boolean handedOver, BitSet common) {
        for (Map.Entry<Integer, BitSet> ea : a.threads.entrySet()) {
            for (Map.Entry<Integer, BitSet> eb : b.threads.entrySet()) {
                int t1 = ea.getKey();
                int t2 = eb.getKey();
                if (t1 == t2 && !model.threads.get(t1).multi()) {
                    continue;
                }
                if (mhp && (ea.getValue().get(t2) || eb.getValue().get(t1) || model.ordered(t1, t2))) {
                    continue;
                }
                if (mhp && t1 == t2 && a.ownedIn.get(t1) && b.ownedIn.get(t1)) {
                    continue; // each instance on its own body's objects
                }
                if (mhp && t1 == t2 && a.phases.getOrDefault(t1, -1) >= 0 && b.phases.getOrDefault(t1, -1) >= 0
                        && !a.phases.get(t1).equals(b.phases.get(t1))) {
                    continue; // different barrier phases
                }
                if (mhp && t1 == t2 && (same(a.partitions, b.partitions, t1) || same(a.soleGuards, b.soleGuards, t1)
                        || same(a.basePartitions, b.basePartitions, t1) || apart(a.episodeBases, b.episodeBases, t1))) {
                    continue; // disjoint indices per instance, or code one instance alone runs
                }
                if (mhp && t1 != t2 && common != null && ownedApart(a, b, t1, t2, common)) {
                    continue; // each thread on its own body's objects, and the two bodies differ
                }
                if (handedOver && (model.ownObjectsOnly.get(t1) || model.ownObjectsOnly.get(t2))) {
                    continue;
                }
                return new int[] {t1, t2};
            }
        }
        return null;
    }

    /** Both accesses are owned by their thread's running instance, and the two threads' owned objects share no common object. */
    private boolean ownedApart(AccessFact a, AccessFact b, int t1, int t2, BitSet common) {
        if (!a.ownedIn.get(t1) || !b.ownedIn.get(t2) || a.isStatic() || a.unknownBase || b.unknownBase
                || a.ownedInside || b.ownedInside) {
            return false;
        }
        BitSet both = (BitSet) common.clone();
        both.and(model.ownedObjects.apply(t1));
        both.and(model.ownedObjects.apply(t2));
        return both.isEmpty();
    }

    private static boolean same(Map<Integer, String> a, Map<Integer, String> b, int t) {
        String x = a.getOrDefault(t, "");
        return !x.isEmpty() && x.equals(b.get(t));
    }

    /** One base is element u, the other an element above u, of one array in one episode. */
    private static boolean apart(Map<Integer, String> a, Map<Integer, String> b, int t) {
        String x = a.getOrDefault(t, "");
        String y = b.getOrDefault(t, "");
        return x.length() > 3 && y.length() > 3 && x.substring(3).equals(y.substring(3))
                && !x.substring(0, 3).equals(y.substring(0, 3));
    }

    private static boolean guarded(AccessFact a, AccessFact b) {
        for (LockId la : a.locks) {
            for (LockId lb : b.locks) {
                if (LockId.excludes(la, lb)) {
                    return true;
                }
            }
        }
        return false;
    }

    private Map<String, Object> evidence(AccessFact a, AccessFact b, int[] tp, BitSet common) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ThreadInfo t1 = model.threads.get(tp[0]);
        ThreadInfo t2 = model.threads.get(tp[1]);
        ev.put("threads", List.of(t1.name() + (t1.multi() ? " (many)" : ""), t2.name() + (t2.multi() ? " (many)" : "")));
        List<String> objs = new ArrayList<>();
        if (a.isStatic()) {
            objs.add("static");
        } else {
            if (a.unknownBase || b.unknownBase) {
                objs.add("unknown base (field-based alias)");
            }
            common.stream().limit(3).forEach(o -> objs.add(model.objectName.apply(o)));
        }
        ev.put("objects", objs);
        ev.put("locksA", a.locks.stream().map(LockId::toString).sorted().toList());
        ev.put("locksB", b.locks.stream().map(LockId::toString).sorted().toList());
        if (a.library != null) {
            ev.put("libraryA", a.library.stream().limit(5).toList());
        }
        if (b.library != null) {
            ev.put("libraryB", b.library.stream().limit(5).toList());
        }
        List<String> factors = new ArrayList<>();
        ev.put("confidence", confidence(a, b, common, factors));
        ev.put("confidenceFactors", factors);
        return ev;
    }

    /**
     * How sure the pair is, in (0, 1], for ordering candidates (Phase 2 tries likelier races
     * first); not a probability. A field pair scores over an array-element pair (two indices may
     * differ), a surely shared object (static, or every common abstract object allocated once)
     * over one that stands for many runtime objects, sites that run repeatedly (loops, thread
     * bodies started many times) over one-shot sites, and a pair where neither side holds a lock
     * over one where a side holds some other lock. JDK accesses lifted to a call site score a
     * little over array elements (the call may touch other elements or fields).
     */
    private double confidence(AccessFact a, AccessFact b, BitSet common, List<String> factors) {
        double score = 1.0;
        boolean array = a.site.variable().endsWith("[]");
        if (a.library != null || b.library != null) {
            score *= 0.7;
            factors.add("inside a library call");
        } else if (array) {
            score *= 0.6;
            factors.add("array element (indices may differ)");
        } else {
            factors.add("field");
        }
        BitSet many = (BitSet) common.clone();
        many.andNot(model.onceObjects);
        if (a.isStatic()) {
            factors.add("static field: one variable");
        } else if (a.unknownBase || b.unknownBase || !many.isEmpty()) {
            score *= 0.6;
            factors.add("the object may be a different one at each site");
        } else {
            factors.add("one runtime object");
        }
        if (a.repeats && b.repeats) {
            factors.add("both sites run repeatedly");
        } else if (a.repeats || b.repeats) {
            score *= 0.85;
            factors.add("one site runs repeatedly");
        } else {
            score *= 0.7;
            factors.add("both sites run once");
        }
        if (!a.locks.isEmpty() || !b.locks.isEmpty()) {
            score *= 0.8;
            factors.add("a side holds a lock the other does not");
        }
        return Math.round(score * 100) / 100.0;
    }
}
