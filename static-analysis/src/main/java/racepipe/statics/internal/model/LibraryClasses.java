package racepipe.statics.internal.model;

import java.util.Set;

/**
 * The "modelled library classes": the JDK collection classes whose own accesses (fields, array
 * elements, monitors) count as candidates. An access inside one of them is reported at the
 * application call instruction that leads there ({@link #isCall}), never at the JDK line.
 * Accesses inside any other JDK class are not reported.
 * <p>
 * MUST match the dynamic agent's list, {@code racepipe.dynamic.agent.Library.CLASSES} in
 * dynamic-confirm (the two modules do not depend on each other, so the list is written twice).
 */
public final class LibraryClasses {
    public static final Set<String> CLASSES = Set.of(
            "java/util/ArrayList", "java/util/ArrayList$Itr", "java/util/ArrayList$ListItr",
            "java/util/ArrayList$SubList", "java/util/ArrayList$SubList$1",
            "java/util/LinkedList", "java/util/LinkedList$ListItr",
            "java/util/Collections$SynchronizedCollection", "java/util/Collections$SynchronizedList",
            "java/util/Collections$SynchronizedRandomAccessList", "java/util/Collections$SynchronizedSet");

    private LibraryClasses() {
    }

    /** {@code internalName} (java/util/ArrayList) is a modelled class. */
    public static boolean isModelled(String internalName) {
        return CLASSES.contains(internalName);
    }

    /**
     * An application call instruction to which library accesses are attributed: its declared
     * owner class is in the top-level package java/util, and it is not a constructor call.
     */
    public static boolean isCall(String owner, String name) {
        return owner.startsWith("java/util/") && owner.indexOf('/', "java/util/".length()) < 0 && !name.equals("<init>");
    }
}
