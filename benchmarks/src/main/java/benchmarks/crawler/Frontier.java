package benchmarks.crawler;

/**
 * The crawl frontier: the pages discovered and not yet taken, with wait/notify. Each page enters
 * once (seen), so the queue never wraps. The crawl is over when the queue is empty and no spider
 * is busy (a busy spider may still discover pages).
 */
final class Frontier {
    private final int[] queue;
    private final boolean[] seen;
    private int head;
    private int tail;
    private int busy;

    Frontier(int pages) {
        queue = new int[pages];
        seen = new boolean[pages];
    }

    synchronized void seed(int p) {
        offer(p);
    }

    /** The next page to crawl, or -1 once the crawl is over. */
    synchronized int next() throws InterruptedException {
        while (head == tail && busy > 0) {
            wait();
        }
        if (head == tail) {
            notifyAll();
            return -1;
        }
        busy++;
        return queue[head++]; // @site take
    }

    /** A spider finished its page and found these links. */
    synchronized void done(int[] found) {
        for (int p : found) { // @site linksScan
            offer(p);
        }
        busy--;
        notifyAll();
    }

    private void offer(int p) {
        if (!seen[p]) { // @site seenTest
            seen[p] = true; // @site seenMark
            queue[tail++] = p; // @site offer
        }
    }

    /** The pages discovered so far, in discovery order. */
    synchronized int[] discovered() {
        return java.util.Arrays.copyOf(queue, tail);
    }
}
