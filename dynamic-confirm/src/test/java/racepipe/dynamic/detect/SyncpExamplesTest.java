package racepipe.dynamic.detect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * SyncP on hand-written traces whose sync-preserving races are known (Mathur, Pavlogiannis,
 * Viswanathan, POPL 2021): each checked against the brute force of the definition
 * ({@link SyncpReferenceTest#byEvents}) and against the expected site pairs. Locations: x 1,
 * y 2, q 3; lock l 5; sites: thread * 10 + n.
 */
class SyncpExamplesTest {
    private static void expect(Trace t, String... pairs) {
        assertThat(SyncpReferenceTest.byEvents(t.log)).containsExactlyInAnyOrder(pairs);
        assertThat(DetectorsTest.pairs(t.syncp)).containsExactlyInAnyOrder(pairs);
    }

    /**
     * An older access races where the latest of its site does not (issue 43's shape): T2 writes
     * x at site 20, reads y that T1 wrote inside its section on l, writes x again at 20, writes
     * q; T1 reads q and leaves its section; T3 takes l, then reads x. T2's second write is in
     * the closure (T3's section comes after T1's, which read q after it); its first is not.
     */
    @Test
    void an_older_access_races_where_the_latest_does_not() {
        Trace t = new Trace().start(0, 1).start(0, 2).start(0, 3);
        t.lock(1, 5).write(1, 2, 11);
        t.write(2, 1, 20).read(2, 2, 21).write(2, 1, 20).write(2, 3, 22);
        t.read(1, 3, 12).unlock(1, 5);
        t.lock(3, 5).unlock(3, 5).read(3, 1, 30);
        expect(t, "11-21", "12-22", "20-30"); // y and q race too
    }

    /**
     * SyncpDetector's old class comment's example: T3 locks m, writes x; T1 reads x twice at one
     * site, writes y; T3 reads y, unlocks m; T2 locks m, writes x. T1's first read races T2's
     * write, its second does not (its closure takes T3's whole section, which read T1's y).
     */
    @Test
    void the_first_of_two_reads_at_one_site_races() {
        Trace t = new Trace().start(0, 1).start(0, 2).start(0, 3);
        t.lock(3, 5).write(3, 1, 31);
        t.read(1, 1, 11).read(1, 1, 11).write(1, 2, 12);
        t.read(3, 2, 32).unlock(3, 5);
        t.lock(2, 5).write(2, 1, 21).unlock(2, 5);
        expect(t, "11-21", "11-31", "12-32"); // not 21-31: both writes hold m
    }

    /**
     * A race HB misses and SyncP finds: T1 writes x, then a section on l; T2 a section on l
     * that touches nothing of T1's, then reads x. Keeping the sections' order, T2's read can
     * follow T1's write directly.
     */
    @Test
    void sections_that_do_not_conflict_do_not_order() {
        Trace t = new Trace().start(0, 1).start(0, 2);
        t.write(1, 1, 11).lock(1, 5).write(1, 2, 12).unlock(1, 5);
        t.lock(2, 5).read(2, 3, 21).unlock(2, 5).read(2, 1, 22);
        expect(t, "11-22");
    }

    /**
     * No race: T2's section reads y, which T1 wrote in its section after writing x, so a
     * reordering that keeps the read's write needs T1's write of x before T2's read.
     */
    @Test
    void a_read_in_a_later_section_orders() {
        Trace t = new Trace().start(0, 1).start(0, 2);
        t.write(1, 1, 11).lock(1, 5).write(1, 2, 12).unlock(1, 5);
        t.lock(2, 5).read(2, 2, 21).unlock(2, 5).read(2, 1, 22);
        expect(t);
    }

    /**
     * Read-from alone orders as much as it must: T1 writes x, then y; T2 reads y (seeing T1's
     * write), then reads x. No reordering keeps the read of y and puts the two x accesses side
     * by side (SHB's example: an HB race on x that is no race).
     */
    @Test
    void reads_from_orders() {
        Trace t = new Trace().start(0, 1).start(0, 2);
        t.write(1, 1, 11).write(1, 2, 12);
        t.read(2, 2, 21).read(2, 1, 22);
        expect(t, "12-21");
    }
}
