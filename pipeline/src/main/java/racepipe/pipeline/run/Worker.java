package racepipe.pipeline.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A worker JVM that runs many Phase 2 trials, one at a time, each in a fresh class loader.
 * A trial that does not answer in time gets its worker killed; the next trial starts a new one.
 */
final class Worker implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EOF = "\u0000eof";
    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    Worker(List<String> command) throws IOException {
        process = new ProcessBuilder(command).redirectErrorStream(true).start();
        in = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (IOException e) {
                // the worker died: EOF below
            }
            lines.add(EOF);
        }, "racepipe-worker-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Runs one trial; a worker that dies or overruns is reported in the result and must be replaced. */
    Map<String, Object> trial(long seed, String scheduler, long timeoutMillis) throws InterruptedException {
        List<String> noise = new ArrayList<>();
        try {
            in.write("trial " + seed + " " + scheduler + " " + timeoutMillis + "\n");
            in.flush();
        } catch (IOException e) {
            return failed(seed, scheduler, "crashed", "worker gone: " + e.getMessage());
        }
        long deadline = System.nanoTime() + (timeoutMillis + 10_000) * 1_000_000L;
        while (true) {
            String l = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (l == null) {
                process.destroyForcibly();
                return failed(seed, scheduler, "timeout", "the worker did not answer");
            }
            if (l.equals(EOF)) {
                return failed(seed, scheduler, "crashed", String.join(" | ", noise));
            }
            if (l.startsWith("RESULT ")) {
                try {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> r = JSON.readValue(l.substring(7), LinkedHashMap.class);
                    return r;
                } catch (IOException e) {
                    return failed(seed, scheduler, "crashed", "unreadable result");
                }
            }
            if (!l.equals("READY") && noise.size() < 5) {
                noise.add(l);
            }
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    private static Map<String, Object> failed(long seed, String scheduler, String outcome, String why) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("seed", seed);
        r.put("scheduler", scheduler);
        r.put("raced", false);
        r.put("outcome", outcome);
        r.put("note", why);
        r.put("schedule", "none");
        r.put("watchdog", 0);
        return r;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
