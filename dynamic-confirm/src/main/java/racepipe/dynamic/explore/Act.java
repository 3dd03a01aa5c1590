package racepipe.dynamic.explore;

/**
 * One operation of an execution, as the explorer compares them: what it does, to what (a
 * location, a lock, a synchroniser or a thread, numbered within one execution) and at which
 * site. Two acts are dependent when their order can matter: accesses to one location with a
 * write among them, operations on one lock (unless both take it shared), two operations on one
 * synchroniser, and a thread's end with a join of it. Everything else commutes.
 */
public record Act(Kind kind, long target, int site) {
    public enum Kind {
        /** A point with no effect another thread can see (a thread's first step, a reentrant take). */
        NONE,
        /**
         * Thread.yield or sleep: no effect, but the thread waits for another to do something
         * first (when one can), so a spin loop turns as often as others act, not forever.
         */
        YIELD,
        READ, WRITE, VOLATILE_READ, VOLATILE_WRITE,
        /** Takes a free lock exclusively (a reentrant take is NONE: only its holder can touch it). */
        ACQUIRE,
        /** Takes a lock in read mode. */
        SHARED_ACQUIRE,
        /** A try-lock: it takes the lock or fails, by the order of the takes (a take that succeeds is also ACQUIRE). */
        TRY_ACQUIRE,
        /** Lets a lock go for good (the outermost release). */
        RELEASE,
        /** Lets a read-mode hold go. */
        SHARED_RELEASE,
        /** Starts the thread numbered {@code target}. */
        START,
        /** The thread ends. */
        END,
        /** Joins the thread numbered {@code target}, which has ended. */
        JOIN,
        /** Any operation on a java.util.concurrent synchroniser (latch, queue, barrier...). */
        SYNC,
        /** Publishes what the thread did through a java.util.concurrent object (a countDown, a put, a task's end). */
        SYNC_RELEASE,
        /** Observes what was published through it (an await, a take, a future's get). */
        SYNC_ACQUIRE;

        boolean sync() {
            return this == SYNC || this == SYNC_RELEASE || this == SYNC_ACQUIRE;
        }

        boolean access() {
            return this == READ || this == WRITE || this == VOLATILE_READ || this == VOLATILE_WRITE;
        }

        boolean writes() {
            return this == WRITE || this == VOLATILE_WRITE;
        }

        boolean lock() {
            return this == ACQUIRE || this == SHARED_ACQUIRE || this == TRY_ACQUIRE || this == RELEASE || this == SHARED_RELEASE;
        }

        boolean takes() {
            return this == ACQUIRE || this == SHARED_ACQUIRE || this == TRY_ACQUIRE;
        }
    }

    public static final Act NONE = new Act(Kind.NONE, 0, -1);

    public static Act of(Kind kind, long target) {
        return new Act(kind, target, -1);
    }

    /** Whether the order of a and b (by two threads) can matter. */
    public static boolean dependent(Act a, Act b) {
        Kind x = a.kind, y = b.kind;
        if (x.access() && y.access()) {
            return a.target == b.target && (x.writes() || y.writes());
        }
        if (x.lock() && y.lock()) {
            return a.target == b.target && !(x == Kind.SHARED_ACQUIRE && y == Kind.SHARED_ACQUIRE);
        }
        if (x.sync() && y.sync()) {
            return a.target == b.target;
        }
        return false;
    }

    /**
     * Acts whose order DPOR tries both ways: conflicting accesses, two takes of one lock, two
     * operations on a synchroniser. A release is dependent with the next take (the order of the
     * critical sections), but reversing them means reversing the two takes.
     */
    boolean racing() {
        return kind.access() || kind.takes() || kind == Kind.SYNC;
    }
}
