package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** RAPID's STD format: what StdTraceWriter writes, StdTraceReader reads back to the same pairs. */
class StdTraceTest {
    private static final List<String> ALL = List.of("ls", "eraser", "hybrid", "hb", "shb", "wcp", "syncp");

    @Property(tries = 500)
    void a_written_trace_should_give_every_detector_its_pairs_again(
            @ForAll("programs") List<List<ContainmentPropertyTest.Step>> programs, @ForAll long seed) throws IOException {
        Trace t = ContainmentPropertyTest.run(programs, new Random(seed));
        StringWriter text = new StringWriter();
        StdTraceWriter writer = new StdTraceWriter(text);
        replay(t.log, EventHub.of(ALL, writer));
        writer.flush();
        EventHub again = EventHub.of(ALL);
        new StdTraceReader(again).read(new BufferedReader(new StringReader(text.toString())));
        Detector[] first = {t.ls, t.eraser, t.hybrid, t.hb, t.shb, t.wcp, t.syncp};
        for (int i = 0; i < first.length; i++) {
            assertThat(DetectorsTest.pairs(again.detectors()[i])).as(ALL.get(i)).isEqualTo(DetectorsTest.pairs(first[i]));
        }
    }

    @Provide
    Arbitrary<List<List<ContainmentPropertyTest.Step>>> programs() {
        return new ContainmentPropertyTest().programs();
    }

    @Test
    void rapids_own_lines_should_be_read() throws IOException {
        String std = """
                T0|fork(T1)|0
                T0|w(x)|10
                T0|acq(l)|11
                T0|rel(l)|12
                T1|acq(l)|20
                T1|r(x)|21
                T1|rel(l)|22
                T1|w(x)|23
                T0|join(T1)|13
                """;
        EventHub hub = EventHub.of(ALL);
        StdTraceReader r = new StdTraceReader(hub);
        r.read(new BufferedReader(new StringReader(std)));
        assertThat(r.events()).isEqualTo(9);
        assertThat(DetectorsTest.pairs(hub.detectors()[3])).isEmpty(); // hb: ordered through l
        // WCP: the sections do not conflict (T0's is empty); SyncP: T1's read of x (21) may run
        // before T0's write if T1's section goes first, but its later write (23) follows that read
        assertThat(DetectorsTest.pairs(hub.detectors()[5])).containsExactly("10-21", "10-23");
        assertThat(DetectorsTest.pairs(hub.detectors()[6])).containsExactly("10-21");
    }

    @Test
    void a_line_that_is_not_std_should_fail_with_its_number() {
        EventHub hub = EventHub.of(ALL);
        assertThatThrownBy(() -> new StdTraceReader(hub).read(new BufferedReader(new StringReader("T0|w(x)|1\nT0 writes x\n"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 2");
    }

    /** Feeds the log (the events as the detectors got them) to a hub again. */
    static void replay(List<int[]> log, EventHub hub) {
        Map<Integer, Shadow> locations = new HashMap<>();
        for (int[] e : log) {
            switch (e[0]) {
                case Trace.READ, Trace.WRITE -> hub.access(e[1], locations.computeIfAbsent(e[2], k -> hub.newShadow()), e[3],
                        e[0] == Trace.WRITE);
                case Trace.ACQ -> hub.acquire(e[1], e[2], e[3] == 1);
                case Trace.REL -> hub.release(e[1], e[2], e[3] == 1);
                case Trace.FORK -> hub.threadStart(e[1], e[2]);
                case Trace.JOIN -> hub.threadJoin(e[1], e[2]);
                case Trace.NOTIFY -> hub.notifyWaiters(e[1], e[2]);
                case Trace.WAITRET -> hub.waitReturn(e[1], e[2]);
                case Trace.VW -> hub.volatileAccess(e[1], e[2], true);
                default -> hub.volatileAccess(e[1], e[2], false);
            }
        }
    }
}
