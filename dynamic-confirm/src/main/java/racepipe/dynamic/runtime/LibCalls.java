package racepipe.dynamic.runtime;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Per thread: the stack of application calls into java.util that the thread is inside, so an
 * access inside a watched collection class counts at the innermost such call; and a busy count
 * that is non-zero while racepipe's own code runs on the thread (its lists are ArrayLists too).
 */
public final class LibCalls {
    /** A call site no one watches this run: its collection code still takes its modelled locks. */
    public static final int UNWATCHED = -1;

    /** One thread's open calls; closing it (try-with-resources on {@link #pause()}) ends a pause. */
    static final class State implements AutoCloseable {
        int[] calls = new int[8];
        int depth;
        int busy;

        /** The call the current access counts at, or -1: outside calls, unwatched, or racepipe's own. */
        int watched() {
            return depth == 0 || busy != 0 ? -1 : calls[depth - 1];
        }

        @Override
        public void close() {
            busy--;
        }
    }

    private static final ThreadLocal<State> STATE = new ThreadLocal<>() {
        @Override
        protected State initialValue() {
            return new State();
        }
    };

    /** Threads inside a java.util call: while none is, racepipe's own code needs no marking. */
    private static final AtomicInteger OPEN = new AtomicInteger();

    /** Set by the agent until the watched classes are instrumented (at the first call); then null. */
    private static volatile Runnable instrumentLibrary;

    private LibCalls() {
    }

    static void onFirstCall(Runnable instrument) {
        instrumentLibrary = instrument;
    }

    /**
     * The first call into java.util instruments the watched classes before it runs (other threads
     * calling meanwhile wait), so every call's collection code runs instrumented.
     */
    private static synchronized void instrumentLibrary() {
        Runnable r = instrumentLibrary;
        if (r != null) {
            try {
                r.run();
            } finally {
                instrumentLibrary = null;
            }
        }
    }

    /**
     * This thread's state when it is inside a java.util call and not running racepipe's code,
     * else null. Collection code runs on every thread: while no thread is inside a call, it
     * pays one read, not a ThreadLocal lookup.
     */
    static State inCall() {
        if (OPEN.get() == 0) {
            return null;
        }
        State s = STATE.get();
        return s.depth != 0 && s.busy == 0 ? s : null;
    }

    /**
     * Marks racepipe's own code running on this thread; undo with resume, or pause in a
     * try-with-resources. Null (nothing to mark) while no thread is inside a java.util call: this
     * thread's own count cannot change meanwhile.
     */
    static State pause() {
        if (OPEN.get() == 0) {
            return null;
        }
        State s = STATE.get();
        s.busy++;
        return s;
    }

    static void resume(State s) {
        if (s != null) {
            s.busy--;
        }
    }

    static void enter(int site) {
        if (instrumentLibrary != null) {
            instrumentLibrary();
        }
        State s = STATE.get();
        if (s.depth == 0) {
            OPEN.incrementAndGet();
        }
        if (s.depth == s.calls.length) {
            s.calls = java.util.Arrays.copyOf(s.calls, s.depth * 2);
        }
        s.calls[s.depth++] = site;
    }

    /**
     * Leaves the innermost entry of this call site. A call that threw skipped its exit; its entry
     * is dropped here too, as the enclosing call returns.
     */
    static void exit(int site) {
        State s = STATE.get();
        for (int i = s.depth - 1; i >= 0; i--) {
            if (s.calls[i] == site) {
                s.depth = i;
                if (i == 0) {
                    OPEN.decrementAndGet();
                }
                return;
            }
        }
    }

    /** A thread that ends, or an uncaught exception: no call is open any more. */
    static void clear() {
        State s = STATE.get();
        if (s.depth != 0) {
            s.depth = 0;
            OPEN.decrementAndGet();
        }
    }
}
