package racepipe.contract;

import java.util.Set;

/**
 * The JDK classes racepipe watches and the calls that lead into them, one list for the agent
 * and the static engines. An access inside a watched class counts at the application's call
 * instruction (say {@code pending.removeAll(picked)}), the line a reader can act on; accesses
 * inside any other JDK class are not candidates.
 */
public final class WatchedLibrary {
    /** Collections whose own code has no synchronized methods (retransformation cannot strip the flag). */
    public static final Set<String> CLASSES = Set.of(
            "java/util/ArrayList", "java/util/ArrayList$Itr", "java/util/ArrayList$ListItr",
            "java/util/ArrayList$SubList", "java/util/ArrayList$SubList$1",
            "java/util/LinkedList", "java/util/LinkedList$ListItr",
            "java/util/Collections$SynchronizedCollection", "java/util/Collections$SynchronizedList",
            "java/util/Collections$SynchronizedRandomAccessList", "java/util/Collections$SynchronizedSet");

    /**
     * Methods of java.util.concurrent (not its locks or atomics) that hand one task to another
     * thread: executors, CompletableFuture, ForkJoin.
     */
    public static final Set<String> TASK_METHODS = Set.of("execute", "submit", "runAsync", "supplyAsync",
            "schedule", "scheduleAtFixedRate", "scheduleWithFixedDelay", "invokeAny", "invoke", "fork");

    /** The method that hands a collection of tasks to a pool. */
    public static final String TASK_COLLECTION_METHOD = "invokeAll";

    private WatchedLibrary() {
    }

    /** {@code internalName} (java/util/ArrayList) is a watched class. */
    public static boolean isWatched(String internalName) {
        return CLASSES.contains(internalName);
    }

    /**
     * An application call to which library accesses are attributed: its declared owner is in the
     * top-level package java/util, and it is not a constructor (a new object is not shared yet).
     */
    public static boolean isCall(String owner, String name) {
        return owner.startsWith("java/util/") && owner.indexOf('/', "java/util/".length()) < 0 && !name.equals("<init>");
    }

    /** What a call site is called in the sets: the method it calls. */
    public static String callVariable(String owner, String name) {
        return "call " + owner.replace('/', '.') + "." + name;
    }
}
