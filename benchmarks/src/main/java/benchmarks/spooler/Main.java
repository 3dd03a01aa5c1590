package benchmarks.spooler;

/**
 * A print spooler on java.util.concurrent.locks: a spooler thread queues jobs on a ReentrantLock
 * and Condition queue, three printers take them and bill the pages through tryLock. Main checks
 * the billed total after joining everyone. The first argument is the number of jobs.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int jobs = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        PrintQueue queue = new PrintQueue(4);
        Accounting accounting = new Accounting();

        Thread spooler = new Thread(() -> {
            try {
                for (int i = 0; i < jobs; i++) {
                    PrintJob job = new PrintJob(i);
                    job.document = "report-" + i + ".pdf"; // @site docWrite
                    job.pages = 1 + i % 9; // @site pagesWrite
                    queue.put(job);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                queue.close();
            }
        }, "Spooler");
        Thread[] printers = new Thread[3];
        for (int p = 0; p < printers.length; p++) {
            printers[p] = new Thread(() -> {
                try {
                    for (PrintJob job = queue.take(); job != null; job = queue.take()) {
                        String doc = job.document; // @site docRead
                        int pages = job.pages; // @site pagesRead
                        int ink = 0;
                        for (int i = 0; i < pages * 50; i++) {
                            ink += doc.charAt(i % doc.length());
                        }
                        if (ink >= 0) {
                            accounting.record(pages);
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "Printer-" + (p + 1));
        }
        spooler.start();
        for (Thread t : printers) {
            t.start();
        }
        spooler.join();
        for (Thread t : printers) {
            t.join();
        }
        int expected = 0;
        for (int i = 0; i < jobs; i++) {
            expected += 1 + i % 9;
        }
        int billed = accounting.total();
        System.out.println("spooler: " + jobs + " jobs, " + billed + " pages billed, journal "
                + accounting.journalLength() + " chars");
        if (billed != expected) {
            throw new IllegalStateException("billing lost pages: " + billed + " != " + expected);
        }
    }
}
