package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;
import static racepipe.dynamic.detect.DetectorsTest.pairs;

import org.junit.jupiter.api.Test;

/**
 * Exact pair sets of the predictors beyond HB on the shapes their papers are about: WCP (Kini,
 * Mathur, Viswanathan, PLDI 2017: critical sections ordered only when they conflict), SHB
 * (Mathur, Kini, Viswanathan, OOPSLA 2018: reads-from orders what a schedule must keep) and SyncP
 * (Mathur, Pavlogiannis, Viswanathan, POPL 2021: witnesses that keep the order of the sections
 * they contain), with a race each way between WCP and SyncP. Threads 1 and 2 are started by 0.
 */
class PredictorsTest {
    // T1: w(x) then a section on L writing y; T2 later: a section on L reading z, then reads x.
    // The sections do not conflict: WCP and SyncP drop the order through L, HB keeps it.
    @Test
    void unrelated_sections_should_hide_the_race_from_hb_and_shb_only() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .write(1, 1, 10).lock(1, 9).write(1, 2, 11).unlock(1, 9)
                .lock(2, 9).read(2, 3, 20).unlock(2, 9).read(2, 1, 21);
        assertThat(pairs(t.hb)).isEmpty();
        assertThat(pairs(t.shb)).isEmpty();
        assertThat(pairs(t.wcp)).containsExactly("10-21");
        assertThat(pairs(t.syncp)).containsExactly("10-21");
    }

    // the same with T2's section reading y: the sections conflict (WCP rule a) and T2 reads
    // T1's y (SyncP keeps reads-from): ordered for all of them
    @Test
    void conflicting_sections_should_order_for_every_predictor() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .write(1, 1, 10).lock(1, 9).write(1, 2, 11).unlock(1, 9)
                .lock(2, 9).read(2, 2, 20).unlock(2, 9).read(2, 1, 21);
        assertThat(pairs(t.hb)).isEmpty();
        assertThat(pairs(t.shb)).isEmpty();
        assertThat(pairs(t.wcp)).isEmpty();
        assertThat(pairs(t.syncp)).isEmpty();
    }

    // SyncP, not WCP: both sections write y (WCP rule a orders T1's release before T2's write),
    // but no read sees T1's y, so T2's section can run first while T1's has not begun
    @Test
    void syncp_should_find_a_race_that_wcp_orders() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .write(1, 1, 10).lock(1, 9).write(1, 2, 11).unlock(1, 9)
                .lock(2, 9).write(2, 2, 20).unlock(2, 9).read(2, 1, 21);
        assertThat(pairs(t.hb)).isEmpty();
        assertThat(pairs(t.wcp)).isEmpty();
        assertThat(pairs(t.syncp)).containsExactly("10-21");
    }

    // WCP, not SyncP: T1 writes x inside its section; T2's section (reading z) would have to run
    // first, which reverses the sections' order: WCP allows it, SyncP does not
    @Test
    void wcp_should_find_a_race_that_reverses_the_sections() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .lock(1, 9).write(1, 1, 10).unlock(1, 9)
                .lock(2, 9).read(2, 3, 20).unlock(2, 9).read(2, 1, 21);
        assertThat(pairs(t.hb)).isEmpty();
        assertThat(pairs(t.wcp)).containsExactly("10-21");
        assertThat(pairs(t.syncp)).isEmpty();
    }

    // SHB: T1 writes x then y; T2 reads y (seeing T1's write) and then x. HB reports both pairs;
    // no schedule puts the two x accesses side by side (T2's read of y needs T1's write of y,
    // which comes after x's), so SHB reports y alone
    @Test
    void shb_should_drop_the_pair_behind_a_read_of_the_racing_write() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .write(1, 1, 10).write(1, 2, 11).read(2, 2, 20).read(2, 1, 21);
        assertThat(pairs(t.hb)).containsExactly("10-21", "11-20");
        assertThat(pairs(t.shb)).containsExactly("11-20");
        assertThat(pairs(t.wcp)).containsExactly("10-21", "11-20");
        assertThat(pairs(t.syncp)).containsExactly("11-20"); // the pair on x is no race: SyncP drops it as SHB does
    }

    // LogService (RaceFuzzer's example, DetectorsTest's run): P1, the configuration handed over
    // by the ready flag under L, is ordered for all the predictors (WCP: the sections conflict on
    // ready; SyncP and SHB: W's read of ready reads M's write)
    @Test
    void logService_should_keep_the_hand_over_silent() {
        Trace t = new Trace().start(0, 1).start(0, 2);
        t.write(1, 1, 11).lock(1, 9).write(1, 2, 13).unlock(1, 9).write(1, 3, 15);
        t.write(2, 3, 21).lock(2, 9).read(2, 2, 23).unlock(2, 9).read(2, 1, 26).read(2, 4, 27).read(2, 4, 28);
        t.write(1, 4, 16);
        assertThat(pairs(t.hb)).containsExactly("15-21", "16-27", "16-28");
        assertThat(pairs(t.shb)).containsExactly("15-21", "16-27", "16-28");
        assertThat(pairs(t.wcp)).containsExactly("15-21", "16-27", "16-28");
        assertThat(pairs(t.syncp)).containsExactly("15-21", "16-27", "16-28");
    }

    // WCP rule (b): T1's section writes y, T2's section reads y, then T2's second section (on M)
    // and T3's on M: T3's read of x after its section stays ordered through both locks
    @Test
    void wcp_should_order_through_a_chain_of_conflicting_sections() {
        Trace t = new Trace().start(0, 1).start(0, 2).start(0, 3)
                .write(1, 1, 10).lock(1, 9).write(1, 2, 11).unlock(1, 9)
                .lock(2, 9).read(2, 2, 20).unlock(2, 9).lock(2, 8).write(2, 3, 21).unlock(2, 8)
                .lock(3, 8).read(3, 3, 30).unlock(3, 8).read(3, 1, 31);
        assertThat(pairs(t.hb)).isEmpty();
        assertThat(pairs(t.wcp)).isEmpty();
        assertThat(pairs(t.syncp)).isEmpty();
    }

    // found by WcpReferenceTest: a thread's own notify and wait inside its section are thread
    // order, not WCP: its read before the section stays unordered with T1's later section's write
    @Test
    void a_threads_own_strong_edge_should_not_order_its_past_for_wcp() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .read(2, 1, 20).lock(2, 9).notifyAll(2, 5).waitReturn(2, 5).unlock(2, 9)
                .lock(1, 9).write(1, 1, 10).unlock(1, 9);
        assertThat(pairs(t.hb)).isEmpty();
        assertThat(pairs(t.wcp)).containsExactly("10-20");
    }

    // a lock-protected counter: every predictor orders it (SyncP by the sections' order)
    @Test
    void a_locked_counter_should_race_for_none() {
        Trace t = new Trace().start(0, 1).start(0, 2);
        for (int tid = 1; tid <= 2; tid++) {
            t.lock(tid, 7).write(tid, 2, 4).unlock(tid, 7);
        }
        assertThat(pairs(t.hb)).isEmpty();
        assertThat(pairs(t.shb)).isEmpty();
        assertThat(pairs(t.wcp)).isEmpty();
        assertThat(pairs(t.syncp)).isEmpty();
    }

    // found by SyncpReferenceTest: T2 takes the write mode inside its read-mode section of L and
    // reads x in it; T1's later section on L must follow T2's read-mode section (not only its
    // write-mode one), so T1's write of x after it is ordered after T2's reads
    @Test
    void syncp_should_complete_a_read_mode_section_around_a_write_mode_one() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .readLock(2, 1).read(2, 0, 1).lock(2, 1).unlock(2, 1).read(2, 0, 1).readUnlock(2, 1)
                .lock(1, 1).unlock(1, 1).write(1, 0, 0);
        assertThat(pairs(t.hb)).isEmpty();
        assertThat(pairs(t.syncp)).isEmpty();
    }

    // HB's pairs beyond the first race need not be SyncP's (SHB's shape above), but the first one
    // is: here T2's read of y is the first race (HB and SyncP report it), and the read of x after
    // it is no race for SyncP (it needs T1's write of y, hence of x)
    @Test
    void syncp_should_report_the_first_hb_race() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .write(1, 1, 10).write(1, 2, 11).read(2, 2, 20).read(2, 1, 21);
        assertThat(pairs(t.hb)).contains("11-20");
        assertThat(pairs(t.syncp)).containsExactly("11-20");
    }

    // orderids' id counter, minimised: T1 reads, increments and reads x; T2 then does the same,
    // its first read seeing T1's write. T2's write races T1's read after the write: the read
    // T2 made needs T1 up to its write, not the access after it (an epoch to the next
    // synchronisation would take it too)
    @Test
    void syncp_should_race_an_access_after_the_write_another_thread_read() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .read(1, 1, 10).write(1, 1, 11).read(1, 1, 12)
                .read(2, 1, 20).write(2, 1, 21).read(2, 1, 22);
        assertThat(pairs(t.hb)).containsExactlyInAnyOrder("10-21", "11-20", "11-21", "11-22", "12-21");
        assertThat(pairs(t.shb)).containsExactlyInAnyOrder("11-20", "12-21");
        assertThat(pairs(t.syncp)).containsExactlyInAnyOrder("11-20", "12-21");
    }

    // codecs' table, minimised: T1 publishes a reference (y), then fills the table (x); T2 reads
    // the reference from that write, then the table. The fill comes after the publishing write:
    // nothing orders it before the lookup
    @Test
    void syncp_should_race_a_fill_made_after_the_publishing_write() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .write(1, 2, 10).write(1, 1, 11)
                .read(2, 2, 20).read(2, 1, 21);
        assertThat(pairs(t.syncp)).containsExactlyInAnyOrder("10-20", "11-21");
    }

    // a reads-from that brings something new cuts the reader's unit: its accesses before the
    // read do not need the write (T2's first read of x races T1's later write of x), those after
    // it do (T2's second read of x reads after T1's write: ordered)
    @Test
    void syncp_should_not_give_a_read_what_a_later_read_of_its_thread_needs() {
        Trace t = new Trace().start(0, 1).start(0, 2)
                .read(2, 1, 20).write(1, 1, 10).write(1, 2, 11)
                .read(2, 2, 21).read(2, 1, 22);
        assertThat(pairs(t.syncp)).containsExactlyInAnyOrder("10-20", "11-21");
    }
}
