package racepipe.dynamic.runtime;

/** A thread's name in racepipe's reports: its own, or for an unnamed one (a virtual thread's default) its kind and id. */
public final class ThreadNames {
    private ThreadNames() {
    }

    @SuppressWarnings("deprecation") // threadId() is JDK 19+; getId() is the same number
    public static String of(Thread t) {
        String n = t.getName();
        if (!n.isEmpty()) {
            return n;
        }
        return (t.getClass().getName().endsWith("VirtualThread") ? "virtual#" : "thread#") + t.getId();
    }
}
