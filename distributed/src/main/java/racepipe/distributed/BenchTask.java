package racepipe.distributed;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.spark.api.java.function.Function;
import racepipe.pipeline.bench.BenchOne;
import racepipe.pipeline.model.ResultFile;

/**
 * A Spark task: one benchmark of {@code racepipe bench} ({@link BenchOne}, Phase 2 on the
 * executor's machine) in a folder of its own that is removed after; returns its report.json, phase
 * times and wall time as one JSON object. A task run again after a lost executor starts afresh.
 */
final class BenchTask implements Function<String, String> {
    private static final long serialVersionUID = 1L;
    private final Shipped suite;
    private final BenchOne.Settings settings;

    BenchTask(Shipped suite, BenchOne.Settings settings) {
        this.suite = suite;
        this.settings = settings;
    }

    @Override
    public String call(String name) throws Exception {
        Executors.ready();
        Path dir = Files.createTempDirectory("racepipe-bench-" + name + "-");
        try {
            System.err.println("== " + name);
            BenchOne.Result r = BenchOne.run(suite.local(), name, settings, dir.resolve(name), System.err);
            ObjectNode o = ResultFile.JSON.createObjectNode();
            o.put("report", Files.readString(dir.resolve(name).resolve("report.json")));
            o.set("phases", ResultFile.JSON.valueToTree(r.phases()));
            o.put("wall", r.wallSeconds());
            return ResultFile.JSON.writeValueAsString(o);
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }
}
