package benchmarks.lufact;

/**
 * A reusable barrier on the object's monitor (wait/notifyAll), with a generation count so a
 * thread woken late does not confuse two episodes. Every field access holds the monitor, and the
 * last arrival's notifyAll happens after every other arrival's increment: whatever a thread
 * did before await() happens before what any thread does after it.
 */
final class Barrier {
    private final int parties;
    private int arrived;
    private long generation;

    Barrier(int parties) {
        this.parties = parties;
    }

    synchronized void await() {
        long episode = generation; // @site episodeRead
        arrived++; // @site arrive
        if (arrived == parties) { // @site arrivedCheck
            arrived = 0; // @site arrivedReset
            generation = episode + 1; // @site nextEpisode
            notifyAll();
            return;
        }
        try {
            while (generation == episode) { // @site episodeWait
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted at the barrier", e);
        }
    }
}
