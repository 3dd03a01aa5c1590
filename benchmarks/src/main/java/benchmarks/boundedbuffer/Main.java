package benchmarks.boundedbuffer;

import java.util.ArrayList;
import java.util.List;

/**
 * Producer-consumer on wait/notify: two producers fill jobs and put them into a bounded buffer,
 * two consumers take and complete them; main closes the buffer after the producers finish and
 * checks every result after joining the consumers. The first argument is jobs per producer.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int perProducer = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        BoundedBuffer buffer = new BoundedBuffer(4);
        List<Job> all = new ArrayList<>();
        for (int i = 0; i < 2 * perProducer; i++) {
            all.add(new Job(i));
        }

        Thread p1 = new Thread(() -> produce(buffer, all.subList(0, perProducer)), "Producer-1");
        Thread p2 = new Thread(() -> produce(buffer, all.subList(perProducer, 2 * perProducer)), "Producer-2");
        Thread c1 = new Thread(() -> consume(buffer), "Consumer-1");
        Thread c2 = new Thread(() -> consume(buffer), "Consumer-2");
        c1.start();
        c2.start();
        p1.start();
        p2.start();
        p1.join();
        p2.join();
        buffer.close();
        c1.join();
        c2.join();

        long sum = 0;
        for (Job job : all) {
            long expected = (long) job.id * (job.id + 1) / 2;
            long got = job.result; // @site resultRead
            if (got != expected) {
                throw new IllegalStateException("job " + job.id + ": " + got + " != " + expected);
            }
            sum += got;
        }
        System.out.println("boundedbuffer: " + all.size() + " jobs, checksum " + sum);
    }

    private static void produce(BoundedBuffer buffer, List<Job> jobs) {
        try {
            for (Job job : jobs) {
                int[] data = new int[job.id + 1];
                for (int i = 0; i < data.length; i++) {
                    data[i] = i; // @site fill
                }
                job.data = data; // @site dataWrite
                buffer.put(job);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void consume(BoundedBuffer buffer) {
        try {
            for (Job job = buffer.take(); job != null; job = buffer.take()) {
                int[] data = job.data; // @site dataRead
                long s = 0;
                for (int i = 0; i < data.length; i++) {
                    s += data[i]; // @site sum
                }
                job.result = s; // @site resultWrite
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
