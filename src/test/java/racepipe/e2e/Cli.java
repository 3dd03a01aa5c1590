package racepipe.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the built CLI (scripts/racepipe) as a user would. */
final class Cli {
    static final Path ROOT = Path.of(System.getProperty("racepipe.root", "..")).toAbsolutePath().normalize();
    static final Path BENCH = ROOT.resolve("benchmarks/target/racepipe-benchmarks.jar");

    record Result(int code, String output, JsonNode json) {
    }

    private Cli() {
    }

    static Result run(String... args) throws IOException, InterruptedException {
        Path json = Files.createTempFile("racepipe-e2e", ".json");
        Files.delete(json);
        List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("scripts/racepipe").toString()));
        int dashes = List.of(args).indexOf("--");
        List<String> all = List.of(args);
        cmd.addAll(dashes < 0 ? all : all.subList(0, dashes));
        cmd.add("--json");
        cmd.add(json.toString());
        if (dashes >= 0) {
            cmd.addAll(all.subList(dashes, all.size()));
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("racepipe did not end: " + cmd);
        }
        JsonNode node = Files.exists(json) ? new ObjectMapper().readTree(json.toFile()) : null;
        return new Result(p.exitValue(), out, node);
    }
}
