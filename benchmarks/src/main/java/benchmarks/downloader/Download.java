package benchmarks.downloader;

/**
 * One download: a buffer the chunks are written into, progress guarded by a lock, and a volatile
 * cancel flag. abort() frees the buffer without a lock.
 */
final class Download {
    private final Object progress = new Object();
    final int chunks;
    final int chunkSize;
    byte[] buffer;
    private int chunksDone;
    private boolean complete;
    volatile boolean cancelled;

    Download(int chunks, int chunkSize) {
        this.chunks = chunks;
        this.chunkSize = chunkSize;
        this.buffer = new byte[chunks * chunkSize]; // @site bufferInit
    }

    void chunkDone(boolean last) {
        synchronized (progress) {
            chunksDone = chunksDone + 1; // @site doneWrite
            if (last) {
                complete = true; // @site completeWrite
            }
        }
    }

    int chunksDone() {
        synchronized (progress) {
            return chunksDone; // @site doneRead
        }
    }

    boolean isComplete() {
        synchronized (progress) {
            return complete; // @site completeRead
        }
    }

    /** The downloader gives up: frees the partial file. */
    void abort() {
        buffer = null; // @site release
    }
}
