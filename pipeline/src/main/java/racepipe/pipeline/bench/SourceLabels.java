package racepipe.pipeline.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The labels a benchmark's sources carry ({@code // @site LABEL}, {@code // @lock LABEL}), each with its "File.java:line". */
final class SourceLabels {
    private SourceLabels() {
    }

    /** Every match of {@code label} (its group 1 the label) in the benchmark's sources under {@code sources}; empty when none are there. */
    static Map<String, String> of(Path sources, String bench, Pattern label) throws IOException {
        Map<String, String> where = new HashMap<>();
        Path dir = sources.resolve("benchmarks").resolve(bench);
        if (!Files.isDirectory(dir)) {
            return where;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher m = label.matcher(lines.get(i));
                    while (m.find()) {
                        where.put(m.group(1), f.getFileName() + ":" + (i + 1));
                    }
                }
            }
        }
        return where;
    }
}
