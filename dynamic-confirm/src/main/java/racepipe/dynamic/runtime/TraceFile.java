package racepipe.dynamic.runtime;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import racepipe.dynamic.detect.StdTraceWriter;

/**
 * {@code detect --trace FILE} in the run's JVM (agent option {@code trace=FILE}): the trace goes
 * to FILE in RAPID's STD format ({@link StdTraceWriter}), and when the run ends its sites, by the
 * ids the trace's locations use, to FILE.sites (tab-separated: id, class, method, descriptor,
 * bytecode index, file, line, variable, read or write), so that {@code racepipe trace FILE}
 * can name them.
 */
final class TraceFile {
    private final Path file;
    private final StdTraceWriter writer;

    private TraceFile(Path file, StdTraceWriter writer) {
        this.file = file;
        this.writer = writer;
    }

    static TraceFile open(String name) {
        if (name == null || name.isEmpty()) {
            return null;
        }
        try {
            Path file = Path.of(name);
            return new TraceFile(file, new StdTraceWriter(new BufferedWriter(
                    new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8), 1 << 16)));
        } catch (IOException e) {
            System.err.println("racepipe: cannot write the trace " + name + ": " + e.getMessage());
            return null;
        }
    }

    StdTraceWriter writer() {
        return writer;
    }

    /** Flushes the trace (the run may go on: the file holds what the detectors got so far) and writes the sites. */
    void close() {
        try {
            writer.flush();
            try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file.resolveSibling(file.getFileName() + ".sites")))) {
                for (int id = 0; id < Sites.count(); id++) {
                    Site s = Sites.get(id);
                    if (s != null) {
                        out.println(id + "\t" + s.owner + "\t" + s.method + "\t" + s.desc + "\t" + s.bci + "\t" + s.file
                                + "\t" + s.line + "\t" + s.variable + "\t" + (s.write ? "write" : "read"));
                    }
                }
            }
        } catch (IOException e) {
            System.err.println("racepipe: cannot write the trace " + file + ": " + e.getMessage());
        }
    }
}
