package benchmarks.downloader;

import java.util.Arrays;

/**
 * A race that only some schedules reach. A downloader fetches chunks and checks a volatile cancel
 * flag before each one; a UI thread renders progress for a while, and if the download is still
 * running the user presses Cancel and the UI shows how much was buffered. Only when the downloader
 * sees the flag before its last chunk does it run abort() and free the buffer: then the UI's read
 * of the buffer races with it, and can throw NullPointerException. Usually the download finishes
 * first and abort() never runs. The first argument is the number of chunks.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int chunks = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        Download d = new Download(chunks, 256);

        Thread downloader = new Thread(() -> {
            for (int c = 0; c < d.chunks; c++) {
                if (d.cancelled) {
                    d.abort();
                    System.out.println("downloader: cancelled after " + c + " chunks");
                    return;
                }
                fetch(d, c);
                d.chunkDone(c == d.chunks - 1);
            }
        }, "Downloader");
        Thread ui = new Thread(() -> {
            int frames = 0;
            for (int e = 0; e < 2 * d.chunks; e++) {
                frames += render(d.chunksDone(), d.chunks);
            }
            if (!d.isComplete()) {
                d.cancelled = true;
                int buffered = d.buffer.length; // @site shown
                System.out.println("ui: cancelled, " + buffered + " bytes buffered, " + frames + " frames");
            } else {
                System.out.println("ui: download complete, " + frames + " frames");
            }
        }, "UI");

        downloader.start();
        ui.start();
        downloader.join();
        ui.join();
    }

    /** "Receives" chunk c: busy work standing in for the network, then a copy into the buffer. */
    private static void fetch(Download d, int c) {
        int h = c;
        for (int i = 0; i < 2_000; i++) {
            h = h * 31 + i;
        }
        byte[] received = new byte[d.chunkSize];
        Arrays.fill(received, (byte) h);
        byte[] b = d.buffer; // @site bufferRead
        System.arraycopy(received, 0, b, c * d.chunkSize, d.chunkSize);
    }

    /** Draws a progress bar: busy work of about one chunk's cost. */
    private static int render(int done, int total) {
        StringBuilder bar = new StringBuilder();
        for (int i = 0; i < total; i++) {
            bar.append(i < done ? '#' : '.');
        }
        int h = 0;
        for (int i = 0; i < 2_000; i++) {
            h = h * 31 + bar.charAt(i % total);
        }
        return h == 42 ? 2 : 1;
    }
}
