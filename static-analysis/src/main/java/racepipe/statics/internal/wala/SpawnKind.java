package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.core.util.strings.Atom;
import racepipe.contract.WatchedLibrary;

/**
 * How a call target starts concurrent work, told by the resolved JDK method, never by the name
 * alone: {@code Thread.start}; a thread builder's {@code start/unstarted(Runnable)} or factory's
 * {@code newThread(Runnable)} ({@code Thread.ofVirtual()}, {@code Thread.ofPlatform()}, JDK 21+)
 * or {@code Thread.startVirtualThread(Runnable)}: the Runnable is the body, the returned thread
 * is what a join waits for (an unstarted thread counts as started where it is made); or a {@code java.util.concurrent} executor/CompletableFuture
 * method that hands a task to another thread ({@link WatchedLibrary#TASK_METHODS}, or
 * {@link WatchedLibrary#TASK_COLLECTION_METHOD} for a collection of tasks; Guava's inline
 * DirectExecutor is app code: not one).
 */
enum SpawnKind {
    NONE, THREAD_START, THREAD_BUILDER, TASK, TASK_COLLECTION;

    /** The JDK's thread builders and factories (java.lang.ThreadBuilders, JDK 21+). */
    private static final java.util.Set<String> BUILDERS = java.util.Set.of("java/lang/ThreadBuilders$VirtualThreadBuilder",
            "java/lang/ThreadBuilders$PlatformThreadBuilder", "java/lang/ThreadBuilders$VirtualThreadFactory",
            "java/lang/ThreadBuilders$PlatformThreadFactory");

    /**
     * The names any spawn method has, as WALA's interned atoms: asked for every callee of every
     * node, so most answers come from this set without building a class or descriptor string
     * (that string building dominated large library trees).
     */
    private static final java.util.Set<Atom> NAMES = names();

    private static java.util.Set<Atom> names() {
        java.util.Set<Atom> out = new java.util.HashSet<>();
        for (String n : java.util.List.of("start", "unstarted", "newThread", "startVirtualThread", WatchedLibrary.TASK_COLLECTION_METHOD)) {
            out.add(Atom.findOrCreateUnicodeAtom(n));
        }
        WatchedLibrary.TASK_METHODS.forEach(n -> out.add(Atom.findOrCreateUnicodeAtom(n)));
        return java.util.Set.copyOf(out);
    }

    static SpawnKind of(CGNode target) {
        IMethod m = target.getMethod();
        if (!NAMES.contains(m.getName()) || WalaProgram.isApp(m.getDeclaringClass())) {
            return NONE;
        }
        String cls = WalaProgram.internalName(m.getDeclaringClass().getReference());
        String name = m.getName().toString();
        if (cls.equals("java/lang/Thread") && name.equals("start") && m.getDescriptor().toString().equals("()V")) {
            return THREAD_START;
        }
        String desc = m.getDescriptor().toString();
        if (desc.equals("(Ljava/lang/Runnable;)Ljava/lang/Thread;")
                && ((BUILDERS.contains(cls) && (name.equals("start") || name.equals("unstarted") || name.equals("newThread")))
                    || (cls.equals("java/lang/Thread") && name.equals("startVirtualThread")))) {
            return THREAD_BUILDER;
        }
        if (!cls.startsWith("java/util/concurrent/") || cls.startsWith("java/util/concurrent/locks/")
                || cls.startsWith("java/util/concurrent/atomic/")) {
            return NONE;
        }
        if (name.equals(WatchedLibrary.TASK_COLLECTION_METHOD)) {
            return TASK_COLLECTION;
        }
        return WatchedLibrary.TASK_METHODS.contains(name) ? TASK : NONE;
    }
}
