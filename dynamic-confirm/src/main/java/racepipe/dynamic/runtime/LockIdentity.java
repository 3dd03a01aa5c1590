package racepipe.dynamic.runtime;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * What the models call a java.util.concurrent lock. Never the Lock object itself: that object is
 * also a monitor ({@code synchronized (lock)}), a different lock that excludes nothing taken with
 * {@code lock.lock()}. A ReentrantLock is its {@code sync}; the read lock and the write lock of one
 * ReentrantReadWriteLock are one lock in two modes, their shared {@code sync} (these need
 * --add-opens java.base/java.util.concurrent.locks); a StampedLock's views are one lock in two
 * modes too, a token of the StampedLock's own. Any other Lock (or no access to sync) gets a token.
 */
final class LockIdentity {
    private static final Field LOCK_SYNC = field(ReentrantLock.class, "sync");
    private static final Field READ_SYNC = field(ReentrantReadWriteLock.ReadLock.class, "sync");
    private static final Field WRITE_SYNC = field(ReentrantReadWriteLock.WriteLock.class, "sync");
    private static final String STAMPED_VIEW = StampedLock.class.getName() + "$";

    /** Tokens for locks whose sync cannot be read; weak keys: a token goes with its lock. */
    private static final Map<Object, Object> TOKENS = new WeakHashMap<>();

    private LockIdentity() {
    }

    private static Field field(Class<?> c, String name) {
        try {
            Field f = c.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    static Object of(Lock lock) {
        try {
            if (lock instanceof ReentrantLock && LOCK_SYNC != null) {
                return LOCK_SYNC.get(lock);
            }
            if (lock instanceof ReentrantReadWriteLock.ReadLock && READ_SYNC != null) {
                return READ_SYNC.get(lock);
            }
            if (lock instanceof ReentrantReadWriteLock.WriteLock && WRITE_SYNC != null) {
                return WRITE_SYNC.get(lock);
            }
        } catch (IllegalAccessException | RuntimeException e) {
            return token(lock);
        }
        if (lock.getClass().getName().startsWith(STAMPED_VIEW)) {
            Object outer = stampedLockOf(lock);
            return token(outer != null ? outer : lock);
        }
        return token(lock);
    }

    /** The lock identity of a StampedLock used through its stamps (writeLock(), readLock()). */
    static Object of(StampedLock lock) {
        return token(lock);
    }

    /** The StampedLock whose view (asReadLock, asWriteLock) this is: the inner class's outer instance. */
    private static Object stampedLockOf(Lock view) {
        for (Field f : view.getClass().getDeclaredFields()) {
            if (f.getType() == StampedLock.class) {
                try {
                    f.setAccessible(true);
                    return f.get(view);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return null;
                }
            }
        }
        return null;
    }

    private static Object token(Object lock) {
        synchronized (TOKENS) {
            Object t = TOKENS.get(lock);
            if (t == null) {
                t = new Token(lock.getClass().getName());
                TOKENS.put(lock, t);
            }
            return t;
        }
    }

    static boolean exclusive(Lock lock) {
        return !(lock instanceof ReentrantReadWriteLock.ReadLock) && !lock.getClass().getName().endsWith("$ReadLockView");
    }

    /** A lock's identity when it has no sync object: named after the lock's class in messages. */
    private static final class Token {
        private final String name;

        Token(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
