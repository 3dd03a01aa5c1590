package benchmarks.ring;

/**
 * Three replicas in a ring (a -> b -> c -> a); each has a client that first rebuilds its
 * replica's index (work of a different length per replica), then publishes a checkpoint. The
 * first argument scales the index work. main joins the clients and checks every replica has
 * applied its own checkpoint and its predecessor's.
 */
public final class Main {
    static volatile long sink;
    /** Checkpoints published, counted by the clients without a lock (a statistic). */
    static int published;

    public static void main(String[] args) throws InterruptedException {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        Replica a = new Replica("a");
        Replica b = new Replica("b");
        Replica c = new Replica("c");
        a.next = b; b.next = c; c.next = a; // @site nextWrite
        Thread ca = new Thread(() -> client(a, 1, 200_000 * scale), "client-a");
        Thread cb = new Thread(() -> client(b, 2, 2_000_000 * scale), "client-b");
        Thread cc = new Thread(() -> client(c, 3, 4_000_000 * scale), "client-c");
        ca.start();
        cb.start();
        cc.start();
        ca.join();
        cb.join();
        cc.join();
        for (Replica r : new Replica[] {a, b, c}) {
            if (r.applied() != 2) {
                throw new IllegalStateException(r.name + " applied " + r.applied() + " checkpoints, want 2");
            }
        }
        System.out.println("ring: versions " + a.version() + " " + b.version() + " " + c.version() + ", published " + published);
    }

    private static void client(Replica r, long checkpoint, int indexWork) {
        long h = checkpoint;
        for (int i = 0; i < indexWork; i++) { // rebuild the index: keeps the clients apart in a plain run
            h = h * 31 + i;
        }
        sink = h;
        r.publish(checkpoint);
        published++; // @site published
    }
}
