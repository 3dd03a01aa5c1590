package racepipe.dynamic.runtime;

/**
 * The task of a virtual thread (JDK 21+), wrapped by the retransformed {@code java.lang.VirtualThread}
 * constructor: a virtual thread never runs {@code Thread.exit()}, so its end is told here, on the
 * virtual thread itself, as the task returns or throws, as a platform thread's is from
 * {@code exit()}. Without it the scheduler would wait for the thread's end forever (a join on it,
 * or the turn it held).
 */
public final class VirtualTask implements Runnable {
    private final Runnable task;

    private VirtualTask(Runnable task) {
        this.task = task;
    }

    static Runnable wrap(Runnable task) {
        return task == null || task instanceof VirtualTask ? task : new VirtualTask(task);
    }

    @Override
    public void run() {
        try {
            task.run();
        } finally {
            ThreadCalls.ended(Thread.currentThread());
        }
    }
}
