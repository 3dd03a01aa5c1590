package racepipe.dynamic.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Explore against brute force (reduction off: every interleaving of the choice points) on small
 * generated programs: the same final outcomes (deadlocks included), never more executions, and
 * exactly one execution per Mazurkiewicz trace among the brute force's executions.
 */
class DporPropertyTest {
    @Property(tries = 150)
    void explore_should_reach_every_outcome_once_per_trace(@ForAll("models") Model m) {
        Model.Explored reduced = m.explore(true);
        Brute brute = brute(m);
        assertThat(reduced.outcomes()).as(m.toString()).isEqualTo(brute.outcomes);
        assertThat(reduced.executions()).as(m.toString()).isLessThanOrEqualTo(brute.executions);
        assertThat(reduced.executions()).as(m.toString()).isEqualTo(brute.traces.size());
    }

    private record Brute(Set<String> outcomes, int executions, Set<Set<String>> traces) {
    }

    /** Every interleaving, each with its trace: the ordered pairs of dependent events of two threads. */
    private static Brute brute(Model m) {
        Dpor dpor = new Dpor(false, -1, 10_000);
        Set<String> outcomes = new java.util.TreeSet<>();
        Set<Set<String>> traces = new HashSet<>();
        do {
            Execution ex = dpor.start();
            outcomes.add(m.run(ex).text());
            dpor.finish(ex);
            traces.add(trace(ex.events));
        } while (dpor.next());
        return new Brute(outcomes, dpor.executions(), traces);
    }

    private static Set<String> trace(List<Event> events) {
        Set<String> out = new HashSet<>();
        int[] seq = new int[16];
        List<String> ids = new ArrayList<>();
        for (Event e : events) {
            ids.add(e.thread + "." + seq[e.thread]++);
            out.add("event " + ids.get(ids.size() - 1));
        }
        for (int i = 0; i < events.size(); i++) {
            for (int j = i + 1; j < events.size(); j++) {
                Event a = events.get(i), b = events.get(j);
                if (a.thread != b.thread && dependent(a, b)) {
                    out.add(ids.get(i) + " < " + ids.get(j));
                }
            }
        }
        return out;
    }

    private static boolean dependent(Event a, Event b) {
        for (Act x : a.acts) {
            if (b.dependent(x)) {
                return true;
            }
        }
        return false;
    }

    @Provide
    Arbitrary<Model> models() {
        // small enough for brute force: 3 threads of one code, or 2 of two
        Arbitrary<List<Model.Op>> one = Arbitraries.integers().between(0, 5).list().ofSize(1).map(DporPropertyTest::ops);
        Arbitrary<List<Model.Op>> two = Arbitraries.integers().between(0, 5).list().ofMinSize(1).ofMaxSize(2).map(DporPropertyTest::ops);
        return Arbitraries.oneOf(one.list().ofSize(3), two.list().ofSize(2)).map(ts -> new Model(ts, 2));
    }

    /** Codes to ops: 0-1 read/write x0, 2-3 read/write x1, 4 a locked write of x0, 5 a volatile write of x1 then a read. */
    private static List<Model.Op> ops(List<Integer> codes) {
        List<Model.Op> out = new ArrayList<>();
        for (int c : codes) {
            switch (c) {
                case 0 -> out.add(Model.op(Model.Kind.READ, 0));
                case 1 -> out.add(Model.op(Model.Kind.WRITE, 0));
                case 2 -> out.add(Model.op(Model.Kind.READ, 1));
                case 3 -> out.add(Model.op(Model.Kind.WRITE, 1));
                case 4 -> out.addAll(List.of(Model.op(Model.Kind.LOCK, c % 2), Model.op(Model.Kind.READ, 0),
                        Model.op(Model.Kind.WRITE, 0), Model.op(Model.Kind.UNLOCK, c % 2)));
                default -> out.addAll(List.of(Model.op(Model.Kind.VWRITE, 1), Model.op(Model.Kind.VREAD, 1)));
            }
        }
        return out;
    }
}
