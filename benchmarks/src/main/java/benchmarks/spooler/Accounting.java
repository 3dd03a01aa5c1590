package benchmarks.spooler;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Pages printed, for billing. record() must not block a printer, so it uses tryLock; when the lock
 * is busy it parks the pages in {@code deferred} to be flushed by the next holder, but it writes
 * that field without the lock (the bug). The else branch runs only when two printers collide.
 */
final class Accounting {
    private final ReentrantLock lock = new ReentrantLock();
    private final StringBuilder journal = new StringBuilder();
    private int pages;
    private int deferred;

    void record(int n) {
        if (lock.tryLock()) {
            try {
                pages = pages + n + deferred; // @site flushRead
                deferred = 0; // @site flushReset
                audit(n);
            } finally {
                lock.unlock();
            }
        } else {
            deferred = deferred + n; // @site deferredAdd
        }
    }

    /** One line per billing in the audit journal (its own monitor: the journal is also read). */
    private void audit(int n) {
        synchronized (journal) {
            journal.append(Thread.currentThread().getName()).append(" billed ").append(n).append('\n');
        }
    }

    int journalLength() {
        synchronized (journal) {
            return journal.length();
        }
    }

    int total() {
        lock.lock();
        try {
            return pages + deferred; // @site totalRead
        } finally {
            lock.unlock();
        }
    }
}
