package benchmarks.jobboard;

/** A job: render an invoice of {@code lines} lines and keep its checksum. */
final class Job {
    final String name;
    final int lines;
    /** Set by the worker that ran it, read by the dispatcher after joining the workers. */
    long checksum;

    Job(String name, int lines) {
        this.name = name;
        this.lines = lines;
    }

    /** The invoice's text, rendered line by line, and its checksum (a CRC of every character). */
    static long render(String name, int lines) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        StringBuilder sb = new StringBuilder();
        long total = 0;
        for (int i = 0; i < lines; i++) {
            long cents = (name.hashCode() * 31L + i * 977L) % 100_000;
            total += Math.abs(cents);
            sb.setLength(0);
            sb.append(name).append(" line ").append(i).append(": ").append(Math.abs(cents) / 100).append('.')
                    .append(Math.abs(cents) % 100).append('\n');
            for (int k = 0; k < sb.length(); k++) {
                crc.update(sb.charAt(k));
            }
        }
        sb.setLength(0);
        sb.append("total ").append(total);
        for (int k = 0; k < sb.length(); k++) {
            crc.update(sb.charAt(k));
        }
        return crc.getValue();
    }
}
