package benchmarks.particles;

/**
 * A tournament barrier for a fixed number of threads, the kind Java Grande's multithreaded
 * MolDyn and LUFact use (Hensgen, Finkel and Manber): in the round of distance d, a thread whose
 * id is a multiple of 2d waits for thread id + d to arrive; a thread with bit d set announces its
 * arrival (its whole subtree has arrived) and drops out to wait for the release. Thread 0 wins
 * the last round and releases everyone. Sense reversal: each episode flips the value a flag must
 * reach, so no flag is ever reset.
 *
 * <p>Unlike Java Grande's, whose flags are elements of a volatile array (the elements themselves
 * are plain), every flag here is a volatile field: a thread's writes before the barrier happen
 * before every other thread's reads after it (the chain arrival -> winner -> ... -> thread 0 ->
 * release), so accesses on either side of one episode are ordered.
 */
final class TournamentBarrier {
    private static final int SPINS = 200;

    /** One flag per object, so that no two threads' flags share an array. */
    private static final class Flag {
        volatile boolean value;
    }

    private final int parties;
    private final Flag[] arrived;
    private final Flag released = new Flag();

    TournamentBarrier(int parties) {
        this.parties = parties;
        this.arrived = new Flag[parties];
        for (int i = 0; i < parties; i++) {
            arrived[i] = new Flag(); // @site flagsInit
        }
    }

    /** Thread id's arrival; sense alternates between episodes (true in the first). */
    void await(int id, boolean sense) {
        for (int d = 1; d < parties; d <<= 1) {
            if ((id & d) != 0) {
                arrived[id].value = sense; // @site announce
                break;
            }
            if (id + d < parties) {
                spin(arrived[id + d], sense); // @site partnerFlag
            }
        }
        if (id == 0) {
            released.value = sense;
        } else {
            spin(released, sense);
        }
    }

    private static void spin(Flag flag, boolean sense) {
        int n = 0;
        while (flag.value != sense) {
            if (++n == SPINS) {
                n = 0;
                Thread.yield();
            }
        }
    }
}
