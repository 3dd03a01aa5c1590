package racepipe.dynamic.runtime;

import java.lang.reflect.Field;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The read lock and the write lock of one ReentrantReadWriteLock are one lock in two modes:
 * both map to their shared {@code sync} object (needs --add-opens java.base/java.util.concurrent.locks).
 */
final class LockIdentity {
    private static final Field READ_SYNC = field(ReentrantReadWriteLock.ReadLock.class);
    private static final Field WRITE_SYNC = field(ReentrantReadWriteLock.WriteLock.class);

    private LockIdentity() {
    }

    private static Field field(Class<?> c) {
        try {
            Field f = c.getDeclaredField("sync");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    static Object of(Lock lock) {
        try {
            if (lock instanceof ReentrantReadWriteLock.ReadLock && READ_SYNC != null) {
                return READ_SYNC.get(lock);
            }
            if (lock instanceof ReentrantReadWriteLock.WriteLock && WRITE_SYNC != null) {
                return WRITE_SYNC.get(lock);
            }
        } catch (IllegalAccessException e) {
            return lock;
        }
        return lock;
    }

    static boolean exclusive(Lock lock) {
        return !(lock instanceof ReentrantReadWriteLock.ReadLock);
    }
}
