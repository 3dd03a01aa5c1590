package racepipe.statics.internal.model;

/**
 * A lock surely held at an access, as one runtime object: a global one ({@code O:} an abstract
 * object allocated once, {@code S:} a static final field path, {@code C:} a class object) or
 * one relative to the accessed object's base ({@code B} itself, {@code B.f.g} final fields from
 * it, {@code B^.pkg/C.f} the object whose owned final field f holds the base). {@code shared}: held in read mode, which excludes writers only.
 * {@code juc}: a java.util.concurrent lock taken with {@code lock()} on the object at path, which is
 * never the monitor of that object ({@code synchronized (lock)} excludes nothing taken with lock()).
 */
public record LockId(String path, boolean shared, boolean juc) {

    /** A monitor. */
    public LockId(String path, boolean shared) {
        this(path, shared, false);
    }

    /** The same lock, named by another path (re-rooted at a caller, a callee or the accessed base). */
    public LockId at(String otherPath) {
        return new LockId(otherPath, shared, juc);
    }

    public boolean global() {
        return !path.startsWith("V") && !path.startsWith("B");
    }

    /** Two accesses holding a and b exclude each other. */
    public static boolean excludes(LockId a, LockId b) {
        return a.path.equals(b.path) && a.juc == b.juc && !(a.shared && b.shared);
    }

    @Override
    public String toString() {
        return (juc ? "lock:" : "") + (shared ? "read:" : "") + path;
    }
}
