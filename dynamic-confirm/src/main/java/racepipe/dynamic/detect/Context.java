package racepipe.dynamic.detect;

/**
 * What an access is made under: its thread and the locks it holds, in any mode and exclusively.
 * One object per combination seen in a run (EventHub interns them), so a thread's current
 * context is a reference and a location's table names an access's thread and locks in one word.
 */
public final class Context {
    final int id;
    public final int tid;
    public final LockSet held;
    public final LockSet exclusive;

    Context(int id, int tid, LockSet held, LockSet exclusive) {
        this.id = id;
        this.tid = tid;
        this.held = held;
        this.exclusive = exclusive;
    }

    /** The two accesses exclude each other: one holds exclusively a lock the other holds at all. */
    boolean excludes(Context other) {
        return exclusive.intersects(other.held) || held.intersects(other.exclusive);
    }

    @Override
    public String toString() {
        return "t" + tid + " held " + held + " exclusive " + exclusive;
    }
}
