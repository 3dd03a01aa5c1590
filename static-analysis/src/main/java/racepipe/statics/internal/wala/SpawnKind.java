package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import racepipe.contract.WatchedLibrary;

/**
 * How a call target starts concurrent work, told by the resolved JDK method, never by the name
 * alone: {@code Thread.start}, or a {@code java.util.concurrent} executor/CompletableFuture
 * method that hands a task to another thread ({@link WatchedLibrary#TASK_METHODS}, or
 * {@link WatchedLibrary#TASK_COLLECTION_METHOD} for a collection of tasks; Guava's inline
 * DirectExecutor is app code: not one).
 */
enum SpawnKind {
    NONE, THREAD_START, TASK, TASK_COLLECTION;

    static SpawnKind of(CGNode target) {
        IMethod m = target.getMethod();
        if (WalaProgram.isApp(m.getDeclaringClass())) {
            return NONE;
        }
        String cls = WalaProgram.internalName(m.getDeclaringClass().getReference());
        String name = m.getName().toString();
        if (cls.equals("java/lang/Thread") && name.equals("start") && m.getDescriptor().toString().equals("()V")) {
            return THREAD_START;
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
