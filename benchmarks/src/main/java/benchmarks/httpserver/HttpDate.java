package benchmarks.httpserver;

/**
 * Formats the Date header. One instance is shared by the whole server because "formatting
 * allocates" (the SimpleDateFormat mistake): its scratch buffer and position are plain fields,
 * so two handlers formatting at once garble each other's header or overrun the buffer.
 */
final class HttpDate {
    private final char[] buf = new char[24];
    private int pos;

    String format(long tick) {
        pos = 0; // @site fmtReset
        String digits = Long.toString(tick);
        for (int i = 0; i < digits.length(); i++) {
            put(digits.charAt(i));
        }
        return new String(buf, 0, pos); // @site fmtRead
    }

    private void put(char c) {
        buf[pos++] = c; // @site fmtPut
    }
}
