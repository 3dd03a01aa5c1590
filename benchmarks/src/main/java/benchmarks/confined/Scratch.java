package benchmarks.confined;

/** A per-thread scratch buffer for message keys, from a ThreadLocal. */
final class Scratch {
    static final ThreadLocal<Scratch> MINE = ThreadLocal.withInitial(Scratch::new);
    private final char[] buf = new char[64];
    private int uses;

    /** A short key for the message: its first letters and digits, lower case. */
    String key(String message) {
        int n = 0;
        for (int i = 0; i < message.length() && n < 8; i++) {
            char c = message.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                buf[n++] = Character.toLowerCase(c); // @site scratchPut
            }
        }
        uses = uses + 1; // @site scratchUses
        return new String(buf, 0, n);
    }
}
