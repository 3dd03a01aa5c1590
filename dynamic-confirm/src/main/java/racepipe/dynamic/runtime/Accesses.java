package racepipe.dynamic.runtime;

/**
 * The hot path: every field and array access the program makes comes here, through RT, and
 * goes to the scheduler, the native scheduler's observer and the recorder, whichever are set.
 * It allocates nothing and looks each listener up once; with the recorder alone (detect
 * without a scheduler) an access is appended to the thread's list and returns at once.
 */
final class Accesses {
    private Accesses() {
    }

    /**
     * A plain field (target null: a static); a negative site is a field inside a watched
     * collection or a dependency. Small enough for C1 to inline, as element.
     */
    static void field(Object target, int site, boolean write) {
        Recorder direct = RT.direct;
        if (direct == null || !direct.appendField(target, site, write)) {
            fieldSlowly(target, site, write);
        }
    }

    private static void fieldSlowly(Object target, int site, boolean write) {
        if (site < 0) {
            int inner = Sites.dependencySite(site);
            library(target, inner < 0 ? Sites.libraryFieldOf(site) : Sites.get(inner).field, -1, write, inner);
            return;
        }
        Recorder rec = RT.rec;
        if (rec != null && RT.sched == null && RT.observer == null && rec.append(target, 0, Recorder.fieldCode(site, write))) {
            return; // detect without a scheduler: appended to the thread's list, nothing else to tell
        }
        if (quiet(rec)) {
            return;
        }
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = RT.sched;
            Observer o = RT.observer;
            if (s != null || o != null) {
                int field = Sites.get(site).field;
                if (s != null) {
                    s.access(site, target, field, write);
                }
                if (o != null) {
                    o.access(site, target, field, write);
                }
            }
            Recorder r = RT.rec;
            if (r != null) {
                r.field(target, site, write);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    /** A trial whose scheduler stopped steering, with nobody else listening: nothing to tell. */
    private static boolean quiet(Recorder rec) {
        Scheduling s = RT.sched;
        return s != null && rec == null && RT.observer == null && s.accessesIgnored();
    }

    /** A volatile field: a point for the scheduler, synchronisation for the detectors. */
    static void volatileField(Object target, int site, boolean write) {
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = RT.sched;
            if (s != null) {
                s.volatileAccess(site, target, Sites.get(site).field, write);
            }
            Recorder r = RT.rec;
            if (r != null) {
                r.volatileField(target, site, write);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    /**
     * Small enough for C1 to inline into RT's hooks (and those into the program's method): with
     * the recorder alone listening, an access costs one call, the append.
     */
    static void element(Object array, int index, int site, boolean write) {
        Recorder direct = RT.direct;
        if (direct == null || !direct.appendElement(array, index, site, write)) {
            elementSlowly(array, index, site, write);
        }
    }

    private static void elementSlowly(Object array, int index, int site, boolean write) {
        if (array == null) {
            return; // the access itself throws
        }
        if (site < 0) {
            library(array, -1, index, write, Sites.dependencySite(site));
            return;
        }
        Recorder rec = RT.rec;
        if (rec != null && RT.sched == null && RT.observer == null && rec.append(array, index, Recorder.elementCode(site, write))) {
            return; // detect without a scheduler: appended to the thread's list, nothing else to tell
        }
        if (quiet(rec)) {
            return;
        }
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = RT.sched;
            if (s != null) {
                s.access(site, array, index, write);
            }
            Observer o = RT.observer;
            if (o != null) {
                o.access(site, array, index, write);
            }
            Recorder r = RT.rec;
            if (r != null) {
                r.element(array, index, site, write);
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    /**
     * A bulk operation's accesses to the elements from..to (exclusive) of array at an application
     * site: one point for a scheduler (a partner races on any element of the range), one access
     * per element for the detectors, which keep per-element state (a range's cost grows with its
     * length only when detectors watch the run).
     */
    static void range(Object array, int from, int to, int site, boolean write) {
        if (from >= to) {
            return;
        }
        Recorder rec = RT.rec;
        if (rec != null && RT.sched == null && RT.observer == null) {
            int code = Recorder.elementCode(site, write);
            int i = from;
            while (i < to && rec.append(array, i, code)) {
                i++;
            }
            if (i == to) {
                return; // appended to the thread's list, nothing else to tell
            }
            from = i;
        }
        LibCalls.State g = LibCalls.pause();
        try {
            Scheduling s = RT.sched;
            if (s != null) {
                s.accessRange(site, array, from, to, write);
            }
            Observer o = RT.observer;
            if (o != null) {
                o.accessRange(array, from, to, write);
            }
            Recorder r = RT.rec;
            if (r != null) {
                for (int i = from; i < to; i++) {
                    r.element(array, i, site, write);
                }
            }
        } finally {
            LibCalls.resume(g);
        }
    }

    /**
     * A field (field >= 0) or element (index) access inside a watched collection class or a
     * dependency (its registered site {@code inner}, else -1): it counts at the application's
     * innermost open call into java.util or a dependency, if that call is watched.
     */
    private static void library(Object target, int field, int index, boolean write, int inner) {
        LibCalls.State g = LibCalls.inCall();
        int site = g == null ? -1 : g.watched();
        if (site < 0) {
            return;
        }
        g.busy++;
        try {
            int slot = field >= 0 ? field : index;
            Scheduling s = RT.sched;
            if (s != null) {
                s.access(site, target, slot, write);
            }
            Observer o = RT.observer;
            if (o != null) {
                o.access(site, target, slot, write);
            }
            Recorder r = RT.rec;
            if (r != null) {
                if (inner >= 0) {
                    Sites.libraryAccess(site, inner);
                }
                if (field >= 0) {
                    r.field(target, field, site, write);
                } else {
                    r.element(target, index, site, write);
                }
            }
        } finally {
            g.busy--;
        }
    }
}
