package racepipe.dynamic.agent;

import java.util.Set;

/**
 * The JDK collection classes racepipe watches, and the application calls that lead into them.
 * An access inside one of these classes counts at the application's call instruction (say
 * {@code pending.removeAll(picked)}), the line a reader can act on. Must match the static
 * engines' list (racepipe.statics.internal.model.LibraryClasses).
 */
public final class Library {
    /** Collections whose own code has no synchronized methods (retransformation cannot strip the flag). */
    public static final Set<String> CLASSES = Set.of(
            "java/util/ArrayList", "java/util/ArrayList$Itr", "java/util/ArrayList$ListItr",
            "java/util/ArrayList$SubList", "java/util/ArrayList$SubList$1",
            "java/util/LinkedList", "java/util/LinkedList$ListItr",
            "java/util/Collections$SynchronizedCollection", "java/util/Collections$SynchronizedList",
            "java/util/Collections$SynchronizedRandomAccessList", "java/util/Collections$SynchronizedSet");

    private Library() {
    }

    public static boolean isModelled(String internalName) {
        return CLASSES.contains(internalName);
    }

    /** A call from application code into java.util (not a constructor: a new object is not shared yet). */
    public static boolean isCall(String owner, String name) {
        return owner.startsWith("java/util/") && owner.indexOf('/', "java/util/".length()) < 0 && !name.equals("<init>");
    }

    /** What a call site is called in the sets: the method it calls. */
    public static String callVariable(String owner, String name) {
        return "call " + owner.replace('/', '.') + "." + name;
    }
}
