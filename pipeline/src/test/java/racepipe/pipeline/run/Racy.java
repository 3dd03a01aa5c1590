package racepipe.pipeline.run;

/** A program for SiteSpecTest: lines with one access and with two. */
public final class Racy {
    static int count;
    static int seen;

    private Racy() {
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> {
            count++; // @inc
        });
        t.start();
        seen = count; // @copy
        t.join();
        System.out.println(seen + count); // @reads
    }
}
