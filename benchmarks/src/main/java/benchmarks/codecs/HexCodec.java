package benchmarks.codecs;

/**
 * Hex decoding with a lookup table built on first use, without a lock. The table holds
 * digit value + 1, so that 0 means "not a hex digit". The bug: the builder publishes the table
 * before filling it, so another decoder can see a table of zeros and reject valid input.
 */
final class HexCodec implements Codec {
    private static final String DIGITS = "0123456789abcdef";
    private static int[] table;

    private static int[] table() {
        int[] t = table; // @site tableRead
        if (t == null) {
            t = new int[128];
            table = t; // @site tablePublish
            for (int v = 0; v < 16; v++) {
                t[DIGITS.charAt(v)] = v + 1; // @site tableFill
            }
        }
        return t;
    }

    @Override
    public byte[] decode(String text) {
        int[] t = table();
        byte[] out = new byte[text.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = value(t, text.charAt(2 * i));
            int lo = value(t, text.charAt(2 * i + 1));
            out[i] = (byte) (hi << 4 | lo);
        }
        return out;
    }

    private static int value(int[] t, char c) {
        int v = t[c & 0x7f] - 1; // @site tableLookup
        if (v < 0) {
            throw new IllegalArgumentException("not a hex digit: '" + c + "'");
        }
        return v;
    }
}
