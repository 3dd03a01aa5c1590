package benchmarks.codecs;

/**
 * Lazy initialisation done three ways: a double-checked singleton (benign), an approximate
 * static lookup counter (benign), and a lookup table published before it is filled (harmful).
 * Three decoder threads decode messages; each stores its checksum in its own slot, main checks
 * them after the joins. The first argument is the number of messages per decoder.
 */
public final class Main {
    private static final int DECODERS = 3;

    public static void main(String[] args) throws InterruptedException {
        int messages = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        long[] sums = new long[DECODERS];
        Thread[] decoders = new Thread[DECODERS];
        for (int d = 0; d < DECODERS; d++) {
            int id = d;
            decoders[d] = new Thread(() -> {
                long s = 0;
                for (int m = 0; m < messages; m++) {
                    String name = m % 2 == 0 ? "hex" : "dec";
                    String text = m % 2 == 0 ? "0a1b2c3d4e5f" : "10,27,44,61,78,95";
                    for (byte b : CodecRegistry.get().codec(name).decode(text)) {
                        s += b & 0xff;
                    }
                }
                sums[id] = s; // @site sumWrite
            }, "Decoder-" + (d + 1));
        }
        for (Thread t : decoders) {
            t.start();
        }
        for (Thread t : decoders) {
            t.join();
        }
        long expected = (messages + 1) / 2 * 315L + messages / 2 * 315L;
        for (int d = 0; d < DECODERS; d++) {
            long got = sums[d]; // @site sumRead
            if (got != expected) {
                throw new IllegalStateException("decoder " + (d + 1) + ": checksum " + got + " != " + expected);
            }
        }
        int lookups = CodecRegistry.lookups; // @site lookupsRead
        System.out.println("codecs: " + DECODERS + " x " + messages + " messages, " + lookups + " registry lookups");
    }
}
