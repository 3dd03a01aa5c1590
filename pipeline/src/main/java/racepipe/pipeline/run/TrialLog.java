package racepipe.pipeline.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import racepipe.contract.TrialResult;

/**
 * Finished trials, appended one JSON line each as they end, so a killed analyze loses only the
 * trials in flight and {@code --resume} skips what is done.
 */
public final class TrialLog implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Map<String, Map<Long, TrialResult>> done = new HashMap<>();
    private final BufferedWriter out;

    public TrialLog(Path file) throws IOException {
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                try {
                    JsonNode e = JSON.readTree(line);
                    TrialResult trial = TrialResult.parse(e.get("trial").toString());
                    done.computeIfAbsent(e.get("pair").asText(), k -> new HashMap<>()).put(trial.seed(), trial);
                } catch (IOException | RuntimeException ex) {
                    // a line cut short by a kill: that trial runs again
                }
            }
        }
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The trials of a pair already done, by seed. */
    public Map<Long, TrialResult> done(String pairKey) {
        return done.getOrDefault(pairKey, Map.of());
    }

    public synchronized void append(String pairKey, TrialResult trial) {
        try {
            // the trial in its own format (one writer, one reader: racepipe.contract.TrialResult)
            out.write("{\"pair\":" + JSON.writeValueAsString(pairKey) + ",\"trial\":" + trial.toJson() + "}");
            out.newLine();
            out.flush();
        } catch (IOException ex) {
            throw new IllegalStateException("cannot append to the trial log: " + ex.getMessage(), ex);
        }
    }

    /** The trials of a pair in seed order: done before, then the new ones. */
    public static List<TrialResult> ordered(List<Long> seeds, Map<Long, TrialResult> bySeed) {
        List<TrialResult> r = new ArrayList<>();
        for (Long s : seeds) {
            TrialResult t = bySeed.get(s);
            if (t != null) {
                r.add(t);
            }
        }
        return r;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
