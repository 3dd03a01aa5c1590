package racepipe.contract;

import java.util.Set;

/**
 * The JDK classes racepipe watches and the calls that lead into them, one list for the agent
 * and the static engines. An access inside a watched class counts at the application's call
 * instruction (say {@code pending.removeAll(picked)}), the line a reader can act on; accesses
 * inside any other JDK class are not candidates.
 */
public final class WatchedLibrary {
    /**
     * Collections whose own code has no synchronized methods (retransformation cannot strip the
     * flag), with the classes their data lives in (a HashMap's nodes, a TreeMap's entries) and
     * their views, iterators and spliterators (a keySet() iterated while another thread puts).
     */
    public static final Set<String> CLASSES = Set.of(
            "java/util/ArrayList", "java/util/ArrayList$Itr", "java/util/ArrayList$ListItr",
            "java/util/ArrayList$SubList", "java/util/ArrayList$SubList$1",
            "java/util/LinkedList", "java/util/LinkedList$ListItr",
            "java/util/Collections$SynchronizedCollection", "java/util/Collections$SynchronizedList",
            "java/util/Collections$SynchronizedRandomAccessList", "java/util/Collections$SynchronizedSet",
            "java/util/Collections$SynchronizedMap",
            // hash maps and sets: HashSet and LinkedHashSet keep their elements in a HashMap
            "java/util/HashMap", "java/util/HashMap$Node", "java/util/HashMap$TreeNode",
            "java/util/HashMap$KeySet", "java/util/HashMap$Values", "java/util/HashMap$EntrySet",
            "java/util/HashMap$HashIterator", "java/util/HashMap$KeyIterator", "java/util/HashMap$ValueIterator",
            "java/util/HashMap$EntryIterator", "java/util/HashMap$HashMapSpliterator", "java/util/HashMap$KeySpliterator",
            "java/util/HashMap$ValueSpliterator", "java/util/HashMap$EntrySpliterator",
            "java/util/LinkedHashMap", "java/util/LinkedHashMap$Entry", "java/util/LinkedHashMap$LinkedKeySet",
            "java/util/LinkedHashMap$LinkedValues", "java/util/LinkedHashMap$LinkedEntrySet",
            "java/util/LinkedHashMap$LinkedHashIterator", "java/util/LinkedHashMap$LinkedKeyIterator",
            "java/util/LinkedHashMap$LinkedValueIterator", "java/util/LinkedHashMap$LinkedEntryIterator",
            "java/util/HashSet", "java/util/LinkedHashSet",
            // sorted maps and sets: TreeSet keeps its elements in a TreeMap
            "java/util/TreeMap", "java/util/TreeMap$Entry", "java/util/TreeMap$KeySet", "java/util/TreeMap$Values",
            "java/util/TreeMap$EntrySet", "java/util/TreeMap$PrivateEntryIterator", "java/util/TreeMap$EntryIterator",
            "java/util/TreeMap$KeyIterator", "java/util/TreeMap$ValueIterator", "java/util/TreeMap$DescendingKeyIterator",
            "java/util/TreeMap$NavigableSubMap", "java/util/TreeMap$AscendingSubMap", "java/util/TreeMap$DescendingSubMap",
            "java/util/TreeMap$NavigableSubMap$EntrySetView", "java/util/TreeMap$NavigableSubMap$SubMapIterator",
            "java/util/TreeMap$NavigableSubMap$SubMapEntryIterator", "java/util/TreeMap$NavigableSubMap$SubMapKeyIterator",
            "java/util/TreeMap$TreeMapSpliterator", "java/util/TreeMap$KeySpliterator",
            "java/util/TreeMap$ValueSpliterator", "java/util/TreeMap$EntrySpliterator",
            "java/util/TreeSet",
            // queues
            "java/util/ArrayDeque", "java/util/ArrayDeque$DeqIterator", "java/util/ArrayDeque$DescendingIterator",
            "java/util/ArrayDeque$DeqSpliterator",
            "java/util/PriorityQueue", "java/util/PriorityQueue$Itr", "java/util/PriorityQueue$PriorityQueueSpliterator");

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
     * Not {@code Arrays} and {@code Objects}: static helpers over arrays and values that reach a
     * watched class only through an element's own method (the bulk array operations have their
     * own model, {@link #arrayOperation}).
     */
    public static boolean isCall(String owner, String name) {
        return owner.startsWith("java/util/") && owner.indexOf('/', "java/util/".length()) < 0 && !name.equals("<init>")
                && !owner.equals("java/util/Arrays") && !owner.equals("java/util/Objects");
    }

    /** What a bulk array operation does to the elements of its range(s). */
    public enum ArrayOperation {
        /** System.arraycopy: reads the source range, writes the destination range. */
        COPY,
        /** Arrays.copyOf, copyOfRange: reads the range copied. */
        READ,
        /** Arrays.fill, sort: writes the range (a sort reads it too). */
        WRITE
    }

    /**
     * The bulk array operation a static call is, or null: its accesses count at the call
     * instruction, on the elements of the arrays it is given (variable {@link #ARRAY_VARIABLE}).
     */
    public static ArrayOperation arrayOperation(String owner, String name) {
        if (owner.equals("java/lang/System")) {
            return name.equals("arraycopy") ? ArrayOperation.COPY : null;
        }
        if (!owner.equals("java/util/Arrays")) {
            return null;
        }
        return switch (name) {
            case "fill", "sort" -> ArrayOperation.WRITE;
            case "copyOf", "copyOfRange" -> ArrayOperation.READ;
            default -> null;
        };
    }

    /** The variable of a bulk array operation's site, as for an array access whose element type is not known. */
    public static final String ARRAY_VARIABLE = "[]";

    /** What a call on an atomic, a VarHandle or a concurrent collection is for happens-before. */
    public enum SyncKind {
        /** Publishes: a release before the call (set, lazySet, setRelease). */
        RELEASE,
        /** Observes: an acquire after the call (get, getAcquire, a concurrent map's get, contains, iteration). */
        ACQUIRE,
        /** Both (compareAndSet, getAndAdd, put, merge, offer, poll, ...). */
        BOTH
    }

    private static final Set<String> OBSERVERS = Set.of("get", "getAcquire", "intValue", "longValue", "doubleValue",
            "floatValue", "sum", "length", "getOrDefault", "containsKey", "containsValue", "contains", "containsAll",
            "isEmpty", "size", "mappingCount", "peek", "peekFirst", "peekLast", "element", "getFirst", "getLast",
            "iterator", "listIterator", "descendingIterator", "keySet", "values", "entrySet", "keys", "elements",
            "forEach", "toArray", "indexOf", "lastIndexOf", "search", "reduce", "firstKey", "lastKey", "firstEntry",
            "lastEntry", "ceilingKey", "ceilingEntry", "floorKey", "floorEntry", "higherKey", "higherEntry", "lowerKey",
            "lowerEntry", "first", "last", "ceiling", "floor", "higher", "lower", "headMap", "tailMap", "subMap",
            "headSet", "tailSet", "subSet", "descendingMap", "descendingSet", "navigableKeySet", "descendingKeySet",
            "stream", "parallelStream", "spliterator", "remainingCapacity", "subList", "toString", "hashCode", "equals");

    /**
     * What happens-before takes from a call on {@code owner} (the declared owner of the call, or the
     * receiver's class at run time), or null when it takes nothing: the Java memory model orders a
     * write, CAS or update of an atomic or a VarHandle before a read that sees it, and a concurrent
     * collection's insertion before the access that sees the element (modelled per object: a get
     * is ordered after every earlier update of that map, an over-approximation). Plain and opaque
     * modes order nothing.
     */
    public static SyncKind syncKind(String owner, String name) {
        if (!(owner.startsWith("java/util/concurrent/atomic/") || owner.equals("java/lang/invoke/VarHandle")
                || isConcurrentCollection(owner)) || name.equals("<init>")) {
            return null;
        }
        if (name.endsWith("Plain") || name.endsWith("Opaque") || name.equals("getClass")) {
            return null;
        }
        if (name.equals("set") || name.equals("lazySet") || name.equals("setRelease")) {
            return owner.startsWith("java/util/concurrent/") && !owner.startsWith("java/util/concurrent/atomic/")
                    ? SyncKind.BOTH : SyncKind.RELEASE; // CopyOnWriteArrayList.set returns the old element
        }
        return OBSERVERS.contains(name) ? SyncKind.ACQUIRE : SyncKind.BOTH;
    }

    /** A concurrent collection's calls that store their reference arguments (the element, the value, with its key). */
    private static final Set<String> STORES = Set.of("put", "putIfAbsent", "replace", "merge", "add", "offer",
            "offerFirst", "offerLast", "addFirst", "addLast", "putFirst", "putLast", "push", "set", "addIfAbsent",
            "transfer", "tryTransfer");

    /** Those that store what they compute, and return it. */
    private static final Set<String> COMPUTES = Set.of("compute", "computeIfAbsent", "computeIfPresent", "merge");

    /**
     * A call {@code name} on a concurrent collection stores its reference arguments: each is
     * handed off to the thread that takes it out (a hand-off, a message: the object's own
     * reads-from, not the collection's order of calls, which a later call of another key shares).
     */
    public static boolean storesArguments(String name) {
        return STORES.contains(name);
    }

    /** A call {@code name} on a concurrent collection stores the value it computes and returns (computeIfAbsent, merge). */
    public static boolean storesResult(String name) {
        return COMPUTES.contains(name);
    }

    /** A collection class or interface of java.util.concurrent (its own, thread-safe, not a synchroniser). */
    public static boolean isConcurrentCollection(String owner) {
        if (!owner.startsWith("java/util/concurrent/") || owner.indexOf('/', "java/util/concurrent/".length()) >= 0) {
            return false;
        }
        String n = owner.substring("java/util/concurrent/".length());
        return n.startsWith("Concurrent") || n.startsWith("CopyOnWrite") || n.endsWith("Queue") || n.endsWith("Deque");
    }

    /** What a call site is called in the sets: the method it calls. */
    public static String callVariable(String owner, String name) {
        return "call " + owner.replace('/', '.') + "." + name;
    }
}
