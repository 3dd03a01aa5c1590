package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Exact pair sets on the worked examples of the papers racepipe follows: LogService (RaceFuzzer,
 * Sen, PLDI 2008), the lock hand-over (lockset flags it, happens-before with vector clocks does
 * not), MiniServer (Eraser, Savage et al., TOCS 1997).
 */
class DetectorsTest {
    static Set<String> pairs(Detector d) {
        Set<String> out = new TreeSet<>();
        d.pairs().entries().values().forEach(e -> out.add(e.siteA + "-" + e.siteB));
        return out;
    }

    // LogService: M = thread 1, W = thread 2, started by main (0). Locations: cfg 1, ready 2,
    // lastActive 3, log 4. Sites: m1=11 m3=13 m5=15 m6=16, w1=21 w3=23 w6=26 w7=27 w8=28. Lock L = 9.
    private static Trace logService(boolean workerFirst) {
        Trace t = new Trace().start(0, 1).start(0, 2);
        if (workerFirst) { // W takes L before M: hb orders w1 before m5 through L
            t.write(2, 3, 21).lock(2, 9).read(2, 2, 23).unlock(2, 9).read(2, 4, 27).read(2, 4, 28);
            t.write(1, 1, 11).lock(1, 9).write(1, 2, 13).unlock(1, 9).write(1, 3, 15).write(1, 4, 16);
        } else { // the RaceFuzzer example's run: M runs to m5, W runs to the end, then M shuts down
            t.write(1, 1, 11).lock(1, 9).write(1, 2, 13).unlock(1, 9).write(1, 3, 15);
            t.write(2, 3, 21).lock(2, 9).read(2, 2, 23).unlock(2, 9).read(2, 1, 26).read(2, 4, 27).read(2, 4, 28);
            t.write(1, 4, 16);
        }
        return t;
    }

    @Test
    void logService_should_flag_all_four_suspects_in_hybrid_and_only_the_unordered_in_hb() {
        Trace t = logService(false);
        assertThat(pairs(t.ls)).containsExactly("11-26", "15-21", "16-27", "16-28");
        assertThat(pairs(t.hybrid)).containsExactly("11-26", "15-21", "16-27", "16-28");
        // M's unlock -> W's lock orders m1 and m5 before W's reads: hb sees only the shutdown
        assertThat(pairs(t.hb)).containsExactly("15-21", "16-27", "16-28");
    }

    @Test
    void logService_should_hide_p2_from_hb_when_w_takes_the_lock_first() {
        Trace t = logService(true);
        assertThat(pairs(t.hybrid)).contains("15-21");
        assertThat(pairs(t.hb)).doesNotContain("15-21").contains("16-27", "16-28");
    }

    @Test
    void handoff_should_be_flagged_by_lockset_and_not_by_hb() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .write(1, 1, 10).lock(1, 5).unlock(1, 5).lock(2, 5).unlock(2, 5).read(2, 1, 20);
        assertThat(pairs(t.ls)).containsExactly("10-20");
        assertThat(pairs(t.hybrid)).containsExactly("10-20");
        assertThat(pairs(t.hb)).isEmpty();
    }

    // A ConcurrentHashMap publication (SmallRacesTest p09): task 1 fills box 3 (x: loc 1, y: loc 2)
    // and puts it into the map (map 8: the collection's own volatile-like edge; the box handed
    // off as object 30); task 2 gets it out and reads both fields.
    private static Trace mapPublication(boolean handOff) {
        Trace t = new Trace().start(0, 1).start(0, 2);
        t.write(1, 1, 11).write(1, 2, 12).volatileWrite(1, 8);
        if (handOff) {
            t.send(1, 30);
        }
        t.volatileRead(2, 8);
        if (handOff) {
            t.receive(2, 30);
        }
        return t.read(2, 1, 21).read(2, 2, 22);
    }

    @Test
    void map_publication_should_order_the_box_for_every_happens_before_detector_and_hybrid() {
        Trace t = mapPublication(true);
        assertThat(pairs(t.hybrid)).isEmpty();
        assertThat(pairs(t.hb)).isEmpty();
        assertThat(pairs(t.shb)).isEmpty();
        assertThat(pairs(t.wcp)).isEmpty();
        assertThat(pairs(t.syncp)).isEmpty();
        assertThat(pairs(t.eraser)).isEmpty(); // exclusive to task 1, then read-shared
        assertThat(pairs(t.ls)).containsExactly("11-21", "12-22"); // the pure lockset test knows no edge
    }

    @Test
    void the_map_alone_should_order_for_hb_and_not_for_hybrid() {
        Trace t = mapPublication(false); // the map's order of calls is not a message: another key shares it
        assertThat(pairs(t.hybrid)).containsExactly("11-21", "12-22");
        assertThat(pairs(t.hb)).isEmpty();
    }

    @Test
    void a_hand_off_of_another_object_should_order_nothing_for_hybrid() {
        Trace t = new Trace().start(0, 1).start(0, 2).write(1, 1, 11).send(1, 30).receive(2, 31).read(2, 1, 21);
        assertThat(pairs(t.hybrid)).containsExactly("11-21");
        assertThat(pairs(t.hb)).containsExactly("11-21");
    }

    @Test
    void counters_should_race_unlocked_and_not_locked() {
        Trace t = new Trace().start(0, 1).start(0, 2);
        for (int tid = 1; tid <= 2; tid++) {
            t.read(tid, 1, 1).write(tid, 1, 2);
            t.lock(tid, 7).read(tid, 2, 3).write(tid, 2, 4).unlock(tid, 7);
        }
        t.join(0, 1).join(0, 2).read(0, 1, 9).read(0, 2, 9);
        assertThat(pairs(t.hb)).containsExactly("1-2", "2-2");
        assertThat(pairs(t.hybrid)).containsExactly("1-2", "2-2");
        assertThat(pairs(t.ls)).containsExactly("1-2", "2-2", "2-9", "4-9"); // ls ignores the joins
    }

    // MiniServer (the Eraser example): main 0 writes config_max (loc 1, site 1) then starts
    // W1=1, W2=2, R=3. hits = loc 2 under stats_mu 10 (workers), log_mu 11 (reporter).
    // table = loc 3 under table_rw 12: workers read in read mode, write in write mode; the
    // reporter writes in read mode.
    @Test
    void miniserver_should_make_eraser_flag_hits_and_table_but_not_config_max() {
        Trace t = new Trace().write(0, 1, 1).start(0, 1).start(0, 2).start(0, 3);
        t.read(1, 1, 2).readLock(1, 12).read(1, 3, 30).readUnlock(1, 12)
                .lock(1, 12).write(1, 3, 31).unlock(1, 12).lock(1, 10).write(1, 2, 20).unlock(1, 10);
        t.read(2, 1, 2).readLock(2, 12).read(2, 3, 30).readUnlock(2, 12).lock(2, 10).write(2, 2, 20).unlock(2, 10);
        t.lock(3, 11).read(3, 2, 21).write(3, 2, 22).unlock(3, 11).readLock(3, 12).write(3, 3, 32).readUnlock(3, 12);
        assertThat(pairs(t.eraser)).containsExactly("20-21", "20-22", "30-32");
        assertThat(pairs(t.ls)).contains("1-2", "20-21", "20-22", "30-32").doesNotContain("31-32", "30-31");
        assertThat(pairs(t.hb)).doesNotContain("1-2");
    }

    @Test
    void wait_notify_should_order_for_hybrid_and_hb() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .write(1, 1, 10).lock(1, 5).notifyAll(1, 5).unlock(1, 5)
                .waitReturn(2, 5).lock(2, 5).unlock(2, 5).read(2, 1, 20);
        assertThat(pairs(t.ls)).containsExactly("10-20");
        assertThat(pairs(t.hybrid)).isEmpty();
        assertThat(pairs(t.hb)).isEmpty();
    }

    @Test
    void volatile_publication_should_order_for_hb_only() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .write(1, 1, 10).volatileWrite(1, 99).volatileRead(2, 99).read(2, 1, 20);
        assertThat(pairs(t.hybrid)).containsExactly("10-20");
        assertThat(pairs(t.hb)).isEmpty();
    }

    @Test
    void two_readers_under_a_read_lock_should_not_protect_a_write() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .readLock(1, 4).write(1, 1, 10).readLock(2, 4).read(2, 1, 20).readUnlock(1, 4).readUnlock(2, 4);
        assertThat(pairs(t.ls)).containsExactly("10-20");
        assertThat(pairs(t.hb)).containsExactly("10-20");
    }

    @Test
    void taking_the_write_mode_while_holding_the_read_mode_should_order_for_hb() {
        // found by the containment property: a read hold that also takes the write mode
        Trace t = new Trace().start(0, 1).start(0, 2)
                .readLock(1, 1).read(1, 2, 10).readUnlock(1, 1)
                .readLock(2, 1).lock(2, 1).write(2, 2, 20);
        assertThat(pairs(t.ls)).isEmpty();
        assertThat(pairs(t.hb)).isEmpty();
    }
}
