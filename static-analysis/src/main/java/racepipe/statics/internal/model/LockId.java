package racepipe.statics.internal.model;

/**
 * A lock surely held at an access, as one runtime object: a global one ({@code O:} an abstract
 * object allocated once, {@code S:} a static final field path, {@code C:} a class object) or
 * one relative to the accessed object's base ({@code B} itself, {@code B.f.g} final fields from
 * it, {@code B^.pkg/C.f} the object whose owned final field f holds the base). {@code shared}: held in read mode, which excludes writers only.
 */
public record LockId(String path, boolean shared) {

    public boolean global() {
        return !path.startsWith("V") && !path.startsWith("B");
    }

    /** Two accesses holding a and b exclude each other. */
    public static boolean excludes(LockId a, LockId b) {
        return a.path.equals(b.path) && !(a.shared && b.shared);
    }

    @Override
    public String toString() {
        return (shared ? "read:" : "") + path;
    }
}
