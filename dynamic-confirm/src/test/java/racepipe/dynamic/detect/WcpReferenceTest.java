package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * WcpDetector against WCP's definition (Kini, Mathur, Viswanathan, PLDI 2017, section 3), event
 * by event on small random traces: the relation as a fixpoint of its rules over a matrix, (a) the
 * release of a section before an access of a later section on the same lock that conflicts
 * with one of its accesses, (b) release before release when the earlier section's acquire is
 * WCP-before the later's release, (c) closed under composition with HB on both sides; and
 * racepipe's modelling: start/join, notify/wait, volatile write-read and the read-mode edges of a
 * read-write lock are in WCP as in HB. The detector's pairs (vector clocks, queues, the hub's
 * latest epoch per entry) must be exactly the pairs WCP leaves unordered.
 */
class WcpReferenceTest {
    @Property(tries = 500)
    void wcp_should_report_what_its_definition_gives(@ForAll("programs") List<List<ContainmentPropertyTest.Step>> programs,
            @ForAll long seed) {
        Trace t = ContainmentPropertyTest.run(programs, new Random(seed));
        assertThat(DetectorsTest.pairs(t.wcp)).isEqualTo(reference(t.log));
    }

    @Provide
    Arbitrary<List<List<ContainmentPropertyTest.Step>>> programs() {
        return new ContainmentPropertyTest().programs();
    }

    static Set<String> reference(List<int[]> log) {
        int n = log.size();
        boolean[][] hb = new boolean[n][n], strong = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            int[] a = log.get(i);
            for (int j = i + 1; j < n; j++) {
                int[] b = log.get(j);
                boolean edge = a[1] == b[1]
                        || a[0] == Trace.FORK && b[1] == a[2]
                        || b[0] == Trace.JOIN && a[1] == b[2]
                        || a[0] == Trace.NOTIFY && b[0] == Trace.WAITRET && a[2] == b[2]
                        || a[0] == Trace.VW && b[0] == Trace.VR && a[2] == b[2];
                boolean locks = a[0] == Trace.REL && b[0] == Trace.ACQ && a[2] == b[2];
                hb[i][j] = edge || locks && (a[3] == 1 || b[3] == 1);
                strong[i][j] = a[1] != b[1] && (edge || locks && a[3] != b[3]); // one thread's: thread order
            }
            hb[i][i] = true;
        }
        close(hb);
        List<int[]> sections = new ArrayList<>(); // acquire, release (n while open), thread, lock
        for (int i = 0; i < n; i++) {
            int[] a = log.get(i);
            if (a[0] == Trace.ACQ && a[3] == 1) {
                int rel = n;
                for (int j = i + 1; j < n; j++) {
                    int[] b = log.get(j);
                    if (b[0] == Trace.REL && b[1] == a[1] && b[2] == a[2] && b[3] == 1) {
                        rel = j;
                        break;
                    }
                }
                sections.add(new int[] {i, rel, a[1], a[2]});
            }
        }
        boolean[][] p = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            p[i] = strong[i].clone();
        }
        for (int[] s1 : sections) { // rule (a)
            for (int[] s2 : sections) {
                if (s1[3] != s2[3] || s1[1] >= s2[0]) {
                    continue;
                }
                for (int e1 = s1[0] + 1; e1 < s1[1]; e1++) {
                    for (int e2 = s2[0] + 1; e2 < Math.min(s2[1], n); e2++) {
                        if (log.get(e1)[1] == s1[2] && log.get(e2)[1] == s2[2] && conflict(log.get(e1), log.get(e2))) {
                            p[s1[1]][e2] = true;
                        }
                    }
                }
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            boolean[][] q = compose(compose(hb, p), hb); // rule (c), and transitivity below
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (q[i][j] && !p[i][j]) {
                        p[i][j] = true;
                        changed = true;
                    }
                }
            }
            close(p);
            for (int[] s1 : sections) { // rule (b)
                for (int[] s2 : sections) {
                    if (s1[3] == s2[3] && s1[2] != s2[2] && s1[1] < s2[0] && s2[1] < n && p[s1[0]][s2[1]]
                            && !p[s1[1]][s2[1]]) {
                        p[s1[1]][s2[1]] = true;
                        changed = true;
                    }
                }
            }
        }
        Set<String> races = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                int[] a = log.get(i), b = log.get(j);
                if (a[1] != b[1] && conflict(a, b) && !p[i][j]) {
                    races.add(Math.min(a[3], b[3]) + "-" + Math.max(a[3], b[3]));
                }
            }
        }
        return races;
    }

    private static boolean conflict(int[] a, int[] b) {
        return (a[0] == Trace.READ || a[0] == Trace.WRITE) && (b[0] == Trace.READ || b[0] == Trace.WRITE)
                && a[2] == b[2] && (a[0] == Trace.WRITE || b[0] == Trace.WRITE);
    }

    /** r := the transitive closure of r (Warshall). */
    private static void close(boolean[][] r) {
        int n = r.length;
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                if (r[i][k]) {
                    for (int j = 0; j < n; j++) {
                        r[i][j] |= r[k][j];
                    }
                }
            }
        }
    }

    private static boolean[][] compose(boolean[][] a, boolean[][] b) {
        int n = a.length;
        boolean[][] c = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                if (a[i][k]) {
                    for (int j = 0; j < n; j++) {
                        c[i][j] |= b[k][j];
                    }
                }
            }
        }
        return c;
    }
}
