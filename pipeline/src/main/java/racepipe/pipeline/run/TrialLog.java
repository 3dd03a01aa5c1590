package racepipe.pipeline.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finished trials, appended one JSON line each as they end, so a killed analyze loses only the
 * trials in flight and {@code --resume} skips what is done.
 */
public final class TrialLog implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Map<String, Map<Long, Map<String, Object>>> done = new HashMap<>();
    private final BufferedWriter out;

    public TrialLog(Path file) throws IOException {
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                try {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> e = JSON.readValue(line, LinkedHashMap.class);
                    @SuppressWarnings("unchecked")
                    Map<String, Object> trial = (Map<String, Object>) e.get("trial");
                    done.computeIfAbsent((String) e.get("pair"), k -> new HashMap<>())
                            .put(((Number) trial.get("seed")).longValue(), trial);
                } catch (IOException | RuntimeException ex) {
                    // a line cut short by a kill: that trial runs again
                }
            }
        }
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The trials of a pair already done, by seed. */
    public Map<Long, Map<String, Object>> done(String pairKey) {
        return done.getOrDefault(pairKey, Map.of());
    }

    public synchronized void append(String pairKey, Map<String, Object> trial) {
        try {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("pair", pairKey);
            e.put("trial", trial);
            out.write(JSON.writeValueAsString(e));
            out.newLine();
            out.flush();
        } catch (IOException ex) {
            throw new IllegalStateException("cannot append to the trial log: " + ex.getMessage(), ex);
        }
    }

    /** The trials of a pair in seed order: done before, then the new ones. */
    public static List<Map<String, Object>> ordered(List<Long> seeds, Map<Long, Map<String, Object>> bySeed) {
        List<Map<String, Object>> r = new ArrayList<>();
        for (Long s : seeds) {
            Map<String, Object> t = bySeed.get(s);
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
