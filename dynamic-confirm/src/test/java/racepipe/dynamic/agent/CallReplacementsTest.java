package racepipe.dynamic.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** The table of call replacements against the runtime bridge it names: every bridge method exists. */
class CallReplacementsTest implements Opcodes {
    private final CallReplacements calls = new CallReplacements(new ClassHierarchy(getClass().getClassLoader()));

    /** A program call: opcode, declared owner, name and descriptor. */
    private record Call(int opcode, String owner, String name, String desc) {
    }

    private static final String CUC = "java/util/concurrent/";
    private static final List<Call> REPLACED = List.of(
            new Call(INVOKEVIRTUAL, "java/lang/Object", "wait", "()V"),
            new Call(INVOKEVIRTUAL, "java/lang/Object", "wait", "(J)V"),
            new Call(INVOKEVIRTUAL, "java/lang/Object", "wait", "(JI)V"),
            new Call(INVOKEVIRTUAL, "java/lang/Object", "notify", "()V"),
            new Call(INVOKEVIRTUAL, "java/lang/Object", "notifyAll", "()V"),
            new Call(INVOKEVIRTUAL, "java/lang/Thread", "start", "()V"),
            new Call(INVOKEINTERFACE, "java/lang/Thread$Builder", "start", "(Ljava/lang/Runnable;)Ljava/lang/Thread;"), // JDK 21+
            new Call(INVOKESTATIC, "java/lang/Thread", "startVirtualThread", "(Ljava/lang/Runnable;)Ljava/lang/Thread;"),
            new Call(INVOKEVIRTUAL, "java/lang/Thread", "join", "()V"),
            new Call(INVOKEVIRTUAL, "java/lang/Thread", "join", "(J)V"),
            new Call(INVOKEINTERFACE, CUC + "locks/Lock", "lock", "()V"),
            new Call(INVOKEVIRTUAL, CUC + "locks/ReentrantLock", "lockInterruptibly", "()V"),
            new Call(INVOKEINTERFACE, CUC + "locks/Lock", "tryLock", "()Z"),
            new Call(INVOKEINTERFACE, CUC + "locks/Lock", "tryLock", "(JL" + CUC + "TimeUnit;)Z"),
            new Call(INVOKEVIRTUAL, CUC + "locks/ReentrantReadWriteLock$ReadLock", "unlock", "()V"),
            new Call(INVOKEINTERFACE, CUC + "locks/Lock", "newCondition", "()L" + CUC + "locks/Condition;"),
            new Call(INVOKEINTERFACE, CUC + "Future", "get", "()Ljava/lang/Object;"),
            new Call(INVOKEINTERFACE, CUC + "Future", "get", "(JL" + CUC + "TimeUnit;)Ljava/lang/Object;"),
            new Call(INVOKEVIRTUAL, CUC + "CompletableFuture", "join", "()Ljava/lang/Object;"),
            new Call(INVOKEVIRTUAL, CUC + "CountDownLatch", "countDown", "()V"),
            new Call(INVOKEVIRTUAL, CUC + "CountDownLatch", "await", "()V"),
            new Call(INVOKEVIRTUAL, CUC + "CountDownLatch", "await", "(JL" + CUC + "TimeUnit;)Z"),
            new Call(INVOKEVIRTUAL, CUC + "CyclicBarrier", "await", "()I"),
            new Call(INVOKEVIRTUAL, CUC + "CyclicBarrier", "await", "(JL" + CUC + "TimeUnit;)I"),
            new Call(INVOKEVIRTUAL, CUC + "Semaphore", "release", "()V"),
            new Call(INVOKEVIRTUAL, CUC + "Semaphore", "acquire", "()V"),
            new Call(INVOKEINTERFACE, CUC + "BlockingQueue", "put", "(Ljava/lang/Object;)V"),
            new Call(INVOKEVIRTUAL, CUC + "ArrayBlockingQueue", "take", "()Ljava/lang/Object;"),
            new Call(INVOKEINTERFACE, CUC + "locks/Condition", "await", "()V"),
            new Call(INVOKEINTERFACE, CUC + "locks/Condition", "awaitUninterruptibly", "()V"),
            new Call(INVOKEINTERFACE, CUC + "locks/Condition", "await", "(JL" + CUC + "TimeUnit;)Z"),
            new Call(INVOKEINTERFACE, CUC + "locks/Condition", "awaitNanos", "(J)J"),
            new Call(INVOKEINTERFACE, CUC + "locks/Condition", "signal", "()V"),
            new Call(INVOKEINTERFACE, CUC + "locks/Condition", "signalAll", "()V"),
            new Call(INVOKESTATIC, "java/lang/Thread", "sleep", "(J)V"),
            new Call(INVOKESTATIC, "java/lang/Thread", "yield", "()V"),
            new Call(INVOKESTATIC, "java/lang/Thread", "onSpinWait", "()V"),
            new Call(INVOKESTATIC, "java/lang/System", "exit", "(I)V"),
            new Call(INVOKEVIRTUAL, "java/lang/Runtime", "exit", "(I)V"),
            new Call(INVOKEVIRTUAL, "java/lang/Runtime", "halt", "(I)V"),
            new Call(INVOKEVIRTUAL, CUC + "locks/StampedLock", "writeLock", "()J"),
            new Call(INVOKEVIRTUAL, CUC + "locks/StampedLock", "tryReadLock", "()J"),
            new Call(INVOKEVIRTUAL, CUC + "locks/StampedLock", "unlockWrite", "(J)V"),
            new Call(INVOKEVIRTUAL, CUC + "locks/StampedLock", "unlock", "(J)V"));

    @Test
    void every_replacement_should_name_a_public_static_bridge_method_that_takes_the_receiver_first() throws Exception {
        for (Call c : REPLACED) {
            CallReplacements.Bridge b = calls.replacement(c.opcode(), c.owner(), c.name(), c.desc());
            assertThat(b).as(c.toString()).isNotNull();
            assertThat(exists(b)).as(b.toString()).isTrue();
            Type[] args = Type.getArgumentTypes(b.desc());
            int receiver = c.opcode() == INVOKESTATIC ? 0 : 1;
            assertThat(args.length).as(b.toString()).isEqualTo(Type.getArgumentTypes(c.desc()).length + receiver);
            assertThat(Type.getReturnType(b.desc())).as(b.toString()).isEqualTo(Type.getReturnType(c.desc()));
        }
    }

    @Test
    void every_bulk_array_operation_of_the_jdk_should_have_a_bridge_with_the_site_last() {
        for (Method m : java.util.Arrays.class.getMethods()) {
            String name = m.getName();
            if (name.equals("fill") || name.equals("sort") || name.equals("copyOf") || name.equals("copyOfRange")) {
                CallReplacements.Bridge b = CallReplacements.arrayOperation(INVOKESTATIC, "java/util/Arrays", name,
                        Type.getMethodDescriptor(m));
                assertThat(b).as(m.toString()).isNotNull();
                Type[] args = Type.getArgumentTypes(b.desc());
                assertThat(args[args.length - 1]).as(m.toString()).isEqualTo(Type.INT_TYPE);
            }
        }
        assertThat(CallReplacements.arrayOperation(INVOKESTATIC, "java/lang/System", "arraycopy",
                "(Ljava/lang/Object;ILjava/lang/Object;II)V")).isNotNull();
        assertThat(CallReplacements.arrayOperation(INVOKESTATIC, "java/util/Arrays", "asList",
                "([Ljava/lang/Object;)Ljava/util/List;")).isNull();
    }

    @Test
    void every_array_store_should_name_a_bridge_method() throws Exception {
        for (int op : new int[] {IASTORE, LASTORE, FASTORE, DASTORE, AASTORE, BASTORE, CASTORE, SASTORE}) {
            assertThat(exists(CallReplacements.arrayStore(op))).as("opcode " + op).isTrue();
        }
    }

    @Test
    void await_should_go_to_the_latch_or_the_condition_by_the_receiver() {
        assertThat(calls.replacement(INVOKEVIRTUAL, CUC + "CountDownLatch", "await", "()V").owner()).isEqualTo(CallReplacements.SYNCHRONIZERS);
        assertThat(calls.replacement(INVOKEINTERFACE, CUC + "locks/Condition", "await", "()V").owner()).isEqualTo(CallReplacements.RT);
    }

    @Test
    void calls_of_the_same_name_on_other_types_should_be_kept() {
        assertThat(calls.replacement(INVOKEVIRTUAL, CUC + "atomic/AtomicReference", "get", "()Ljava/lang/Object;")).isNull();
        assertThat(calls.replacement(INVOKEINTERFACE, CUC + "Future", "join", "()Ljava/lang/Object;")).isNull();
        assertThat(calls.replacement(INVOKEVIRTUAL, "java/util/ArrayList", "add", "(Ljava/lang/Object;)Z")).isNull();
        assertThat(calls.replacement(INVOKESTATIC, "java/lang/Runtime", "exit", "(I)V")).isNull();
        assertThat(calls.replacement(INVOKESPECIAL, "java/lang/Thread", "start", "()V")).isNull();
    }

    @Test
    void a_task_handed_to_a_pool_should_be_wrapped_by_its_type() {
        assertThat(calls.taskArgument(INVOKEINTERFACE, CUC + "ExecutorService", "submit", "(L" + CUC + "Callable;)L" + CUC + "Future;"))
                .isEqualTo(CUC + "Callable");
        assertThat(calls.taskArgument(INVOKESTATIC, CUC + "CompletableFuture", "runAsync", "(Ljava/lang/Runnable;)L" + CUC + "CompletableFuture;"))
                .isEqualTo("java/lang/Runnable");
        assertThat(calls.taskArgument(INVOKEVIRTUAL, "java/lang/Thread", "run", "()V")).isNull();
    }

    private static boolean exists(CallReplacements.Bridge b) throws ClassNotFoundException {
        for (Method m : Class.forName(b.owner().replace('/', '.')).getMethods()) {
            if (m.getName().equals(b.name()) && Type.getMethodDescriptor(m).equals(b.desc()) && Modifier.isStatic(m.getModifiers())) {
                return true;
            }
        }
        return false;
    }
}
