package racepipe.dynamic.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import org.junit.jupiter.api.Test;

class LockIdentityTest {
    @Test
    void of_should_never_be_the_lock_object_itself() {
        ReentrantLock lock = new ReentrantLock();
        assertNotSame(lock, LockIdentity.of(lock));
        assertSame(LockIdentity.of(lock), LockIdentity.of(lock));
        assertNotSame(LockIdentity.of(lock), LockIdentity.of(new ReentrantLock()));
    }

    @Test
    void of_should_give_both_sides_of_a_read_write_lock_one_identity() {
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        assertSame(LockIdentity.of(rw.readLock()), LockIdentity.of(rw.writeLock()));
        assertNotSame(rw, LockIdentity.of(rw.readLock()));
        assertNotSame(rw.readLock(), LockIdentity.of(rw.readLock()));
        assertFalse(LockIdentity.exclusive(rw.readLock()));
        assertTrue(LockIdentity.exclusive(rw.writeLock()));
    }

    @Test
    void of_should_give_a_stamped_lock_one_identity_apart_from_its_monitor() {
        StampedLock s = new StampedLock();
        Lock r = s.asReadLock(), w = s.asWriteLock();
        assertSame(LockIdentity.of(r), LockIdentity.of(w));
        assertSame(LockIdentity.of(s), LockIdentity.of(w));
        assertNotSame(s, LockIdentity.of(s));
        assertFalse(LockIdentity.exclusive(r));
        assertTrue(LockIdentity.exclusive(w));
        assertEquals(StampedLock.class.getName(), LockIdentity.of(s).toString());
    }
}
