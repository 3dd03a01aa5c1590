package racepipe.dynamic.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import racepipe.contract.WatchedLibrary;
import racepipe.dynamic.runtime.ArrayOps;

/**
 * The table of the program's calls that instrumentation replaces with a call to the runtime
 * bridge (RT, Synchronizers, Tasks), and of the array stores the bridge performs. A replaced
 * instance call becomes a static call with the receiver as first argument, typed as the rule
 * says, so the bridge's descriptors here must match the runtime's methods.
 */
final class CallReplacements implements Opcodes {
    static final String RT = "racepipe/dynamic/runtime/RT";
    static final String SYNCHRONIZERS = "racepipe/dynamic/runtime/Synchronizers";
    static final String TASKS = "racepipe/dynamic/runtime/Tasks";
    static final String STAMPED_LOCKS = "racepipe/dynamic/runtime/StampedLocks";
    private static final String OBJECT = "java/lang/Object";
    private static final String THREAD = "java/lang/Thread";
    private static final String EXECUTOR = "java/util/concurrent/Executor";
    private static final String CF = "java/util/concurrent/CompletableFuture";
    private static final String LOCK = "java/util/concurrent/locks/Lock";
    private static final String CONDITION = "java/util/concurrent/locks/Condition";
    private static final String TIMED = "JLjava/util/concurrent/TimeUnit;";

    /** A static method of a bridge class. */
    record Bridge(String owner, String name, String desc) {
    }

    /**
     * One replacement: of an instance call (virtual or interface) on a subtype of {@code type},
     * or of a static call on exactly {@code type}; {@code type} null: on any receiver.
     */
    private record Rule(boolean instance, String type, String sig, Bridge bridge) {
    }

    private static final Map<String, List<Rule>> RULES = new HashMap<>(); // by name + descriptor, in order

    static {
        on(null, OBJECT, RT, "wait()V", "waitOn");
        on(null, OBJECT, RT, "wait(J)V", "waitOn");
        on(null, OBJECT, RT, "wait(JI)V", "waitOn");
        on(null, OBJECT, RT, "notify()V", "notifyOne");
        on(null, OBJECT, RT, "notifyAll()V", "notifyAllWaiters");
        on(THREAD, THREAD, RT, "start()V", "start");
        // JDK 21+: a builder's start is unstarted + Thread.start, so the scheduler and the detectors see it
        on("java/lang/Thread$Builder", OBJECT, RT, "start(Ljava/lang/Runnable;)Ljava/lang/Thread;", "builderStart");
        onStatic(THREAD, "startVirtualThread(Ljava/lang/Runnable;)Ljava/lang/Thread;", "startVirtualThread");
        on(THREAD, THREAD, RT, "join()V", "join");
        on(THREAD, THREAD, RT, "join(J)V", "joinTimed");
        for (String sig : List.of("lock()V", "lockInterruptibly()V", "tryLock()Z", "tryLock(" + TIMED + ")Z", "unlock()V",
                "newCondition()L" + CONDITION + ";")) {
            on(LOCK, LOCK, RT, sig, sig.substring(0, sig.indexOf('(')));
        }
        String stamped = "java/util/concurrent/locks/StampedLock";
        for (String sig : List.of("writeLock()J", "readLock()J", "writeLockInterruptibly()J", "readLockInterruptibly()J",
                "tryWriteLock()J", "tryReadLock()J", "unlockWrite(J)V", "unlockRead(J)V", "unlock(J)V")) {
            on(stamped, stamped, STAMPED_LOCKS, sig, sig.substring(0, sig.indexOf('(')));
        }
        on("java/util/concurrent/Future", "java/util/concurrent/Future", TASKS, "get()Ljava/lang/Object;", "get");
        on("java/util/concurrent/Future", "java/util/concurrent/Future", TASKS, "get(" + TIMED + ")Ljava/lang/Object;", "get");
        on(CF, CF, TASKS, "join()Ljava/lang/Object;", "join");
        String executor = "java/util/concurrent/ExecutorService";
        on(executor, executor, TASKS, "awaitTermination(" + TIMED + ")Z", "awaitTermination");
        on(executor, executor, TASKS, "close()V", "close");
        String latch = "java/util/concurrent/CountDownLatch", barrier = "java/util/concurrent/CyclicBarrier";
        String semaphore = "java/util/concurrent/Semaphore", queue = "java/util/concurrent/BlockingQueue";
        on(latch, latch, SYNCHRONIZERS, "countDown()V", "countDown");
        on(latch, latch, SYNCHRONIZERS, "await()V", "await"); // before Condition's await()V
        on(latch, latch, SYNCHRONIZERS, "await(" + TIMED + ")Z", "await");
        on(barrier, barrier, SYNCHRONIZERS, "await()I", "await");
        on(barrier, barrier, SYNCHRONIZERS, "await(" + TIMED + ")I", "await");
        on(semaphore, semaphore, SYNCHRONIZERS, "release()V", "release");
        on(semaphore, semaphore, SYNCHRONIZERS, "acquire()V", "acquire");
        on(queue, queue, SYNCHRONIZERS, "put(Ljava/lang/Object;)V", "put");
        on(queue, queue, SYNCHRONIZERS, "take()Ljava/lang/Object;", "take");
        for (String sig : List.of("await()V", "awaitUninterruptibly()V", "await(" + TIMED + ")Z", "awaitNanos(J)J",
                "signal()V", "signalAll()V")) {
            on(CONDITION, CONDITION, RT, sig, sig.substring(0, sig.indexOf('(')));
        }
        // a program thread that a carrier runs (explore) is still itself to the program (Carriers)
        onStatic(THREAD, "currentThread()Ljava/lang/Thread;", "currentThread");
        on(THREAD, THREAD, RT, "isAlive()Z", "isAlive");
        on(THREAD, THREAD, RT, "getState()Ljava/lang/Thread$State;", "getState");
        on(THREAD, THREAD, RT, "interrupt()V", "interrupt");
        on(THREAD, THREAD, RT, "isInterrupted()Z", "isInterrupted");
        on(THREAD, THREAD, RT, "getStackTrace()[Ljava/lang/StackTraceElement;", "getStackTrace");
        add(new Rule(false, "java/util/concurrent/locks/LockSupport", "unpark(Ljava/lang/Thread;)V",
                new Bridge(RT, "unpark", "(Ljava/lang/Thread;)V")));
        onStatic(THREAD, "sleep(J)V", "sleep");
        onStatic(THREAD, "yield()V", "yieldNow");
        onStatic(THREAD, "onSpinWait()V", "yieldNow");
        onStatic("java/lang/System", "exit(I)V", "exit");
        on("java/lang/Runtime", "java/lang/Runtime", RT, "exit(I)V", "exitRuntime");
        on("java/lang/Runtime", "java/lang/Runtime", RT, "halt(I)V", "halt");
    }

    /** An instance call {@code sig} on a subtype of type becomes {@code bridge.name(receiver, args...)}. */
    private static void on(String type, String receiver, String owner, String sig, String name) {
        int open = sig.indexOf('(');
        String desc = "(L" + receiver + ";" + sig.substring(open + 1);
        add(new Rule(true, type, sig, new Bridge(owner, name, desc)));
    }

    /** A static call on exactly type becomes RT.name with the same descriptor. */
    private static void onStatic(String type, String sig, String name) {
        add(new Rule(false, type, sig, new Bridge(RT, name, sig.substring(sig.indexOf('(')))));
    }

    // no lambda here: lambda classes are numbered JVM-wide, and the program's own (in its stacks) must keep theirs
    private static void add(Rule r) {
        List<Rule> same = RULES.get(r.sig());
        if (same == null) {
            same = new ArrayList<>();
            RULES.put(r.sig(), same);
        }
        same.add(r);
    }

    private final ClassHierarchy hierarchy;

    CallReplacements(ClassHierarchy hierarchy) {
        this.hierarchy = hierarchy;
    }

    static final String ARRAY_OPS = "racepipe/dynamic/runtime/ArrayOps";

    /** The descriptors of ArrayOps' bridges (the call's own, the site last). */
    private static final Set<String> ARRAY_BRIDGES = new HashSet<>();

    static {
        for (java.lang.reflect.Method m : ArrayOps.class.getDeclaredMethods()) {
            if (java.lang.reflect.Modifier.isPublic(m.getModifiers())) {
                ARRAY_BRIDGES.add(m.getName() + Type.getMethodDescriptor(m));
            }
        }
    }

    /**
     * The bridge (ArrayOps) that replaces a bulk array operation (WatchedLibrary.arrayOperation):
     * the call's descriptor with the site appended; null when the call is none, or ArrayOps has
     * no bridge for this overload (it then runs unwatched).
     */
    static Bridge arrayOperation(int opcode, String owner, String name, String desc) {
        if (opcode != INVOKESTATIC || WatchedLibrary.arrayOperation(owner, name) == null) {
            return null;
        }
        int close = desc.indexOf(')');
        String bridged = desc.substring(0, close) + "I" + desc.substring(close);
        return ARRAY_BRIDGES.contains(name + bridged) ? new Bridge(ARRAY_OPS, name, bridged) : null;
    }

    /** A bridge that takes a lock exclusively or shared (its acquire site is told before it). */
    static boolean isAcquire(Bridge b) {
        return (b.owner().equals(RT) && (b.name().equals("lock") || b.name().equals("lockInterruptibly") || b.name().equals("tryLock")))
                || (b.owner().equals(STAMPED_LOCKS) && b.name().startsWith("write") || b.owner().equals(STAMPED_LOCKS)
                && b.name().startsWith("tryWrite"));
    }

    /** The bridge method that replaces a call, or null to keep it. */
    Bridge replacement(int opcode, String owner, String name, String desc) {
        boolean instance = opcode == INVOKEVIRTUAL || opcode == INVOKEINTERFACE;
        if (!instance && opcode != INVOKESTATIC) {
            return null;
        }
        List<Rule> rules = RULES.get(name + desc);
        if (rules == null) {
            return null;
        }
        for (Rule r : rules) {
            if (r.instance() == instance && (r.type() == null
                    || (instance ? hierarchy.isSubtype(owner, r.type()) : owner.equals(r.type())))) {
                return r.bridge();
            }
        }
        return null;
    }

    /**
     * A call that hands a task to a pool (execute, submit, runAsync, supplyAsync): the type of
     * the task argument that Tasks.wrap wraps, or null.
     */
    String taskArgument(int opcode, String owner, String name, String desc) {
        if ((opcode == INVOKEINTERFACE || opcode == INVOKEVIRTUAL) && hierarchy.isSubtype(owner, EXECUTOR)) {
            return switch (name + desc) {
                case "execute(Ljava/lang/Runnable;)V", "submit(Ljava/lang/Runnable;)Ljava/util/concurrent/Future;" -> "java/lang/Runnable";
                case "submit(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/Future;" -> "java/util/concurrent/Callable";
                default -> null;
            };
        }
        if (opcode == INVOKESTATIC && owner.equals(CF)) {
            return switch (name + desc) {
                case "runAsync(Ljava/lang/Runnable;)Ljava/util/concurrent/CompletableFuture;",
                        "runAsync(Ljava/lang/Runnable;Ljava/util/concurrent/Executor;)Ljava/util/concurrent/CompletableFuture;" -> "java/lang/Runnable";
                case "supplyAsync(Ljava/util/function/Supplier;)Ljava/util/concurrent/CompletableFuture;",
                        "supplyAsync(Ljava/util/function/Supplier;Ljava/util/concurrent/Executor;)Ljava/util/concurrent/CompletableFuture;" -> "java/util/function/Supplier";
                default -> null;
            };
        }
        return null;
    }

    /** The bridge method that performs an array store (xASTORE) with its site: [array index value site]. */
    static Bridge arrayStore(int opcode) {
        return switch (opcode) {
            case IASTORE -> new Bridge(RT, "storeInt", "([IIII)V");
            case LASTORE -> new Bridge(RT, "storeLong", "([JIJI)V");
            case FASTORE -> new Bridge(RT, "storeFloat", "([FIFI)V");
            case DASTORE -> new Bridge(RT, "storeDouble", "([DIDI)V");
            case AASTORE -> new Bridge(RT, "storeObject", "([Ljava/lang/Object;ILjava/lang/Object;I)V");
            case BASTORE -> new Bridge(RT, "storeByte", "(Ljava/lang/Object;III)V"); // byte[] and boolean[]
            case CASTORE -> new Bridge(RT, "storeChar", "([CICI)V");
            default -> new Bridge(RT, "storeShort", "([SISI)V");
        };
    }
}
