package racepipe.pipeline.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import racepipe.contract.Outcome;
import racepipe.contract.Protocol;
import racepipe.contract.TrialResult;

/**
 * A worker JVM that runs many Phase 2 trials, one at a time, each in a fresh class loader.
 * A trial that does not answer in time gets its worker killed; the next trial starts a new one.
 */
final class Worker implements AutoCloseable {
    private static final String EOF = "\u0000eof";
    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private volatile boolean retiring;

    Worker(List<String> command) throws IOException {
        process = Children.track(new ProcessBuilder(command).redirectErrorStream(true).start());
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
    TrialResult trial(long seed, String scheduler, long timeoutMillis) throws InterruptedException {
        List<String> noise = new ArrayList<>();
        try {
            in.write(new Protocol.TrialRequest(seed, scheduler, timeoutMillis).line() + "\n");
            in.flush();
        } catch (IOException e) {
            return TrialResult.failed(seed, scheduler, Outcome.CRASHED, "worker gone: " + e.getMessage());
        }
        long deadline = System.nanoTime() + (timeoutMillis + 10_000) * 1_000_000L;
        while (true) {
            String l = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (l == null) {
                process.destroyForcibly();
                return TrialResult.failed(seed, scheduler, Outcome.TIMEOUT, "the worker did not answer");
            }
            if (l.equals(EOF)) {
                return TrialResult.failed(seed, scheduler, Outcome.CRASHED, String.join(" | ", noise));
            }
            try {
                Protocol.Answer a = Protocol.Answer.parse(l);
                if (a != null) {
                    retiring = a.last();
                    return a.result();
                }
            } catch (IllegalArgumentException e) {
                return TrialResult.failed(seed, scheduler, Outcome.CRASHED, "unreadable result: " + e.getMessage());
            }
            if (!l.equals(Protocol.READY) && noise.size() < 5) {
                noise.add(l);
            }
        }
    }

    /** Alive and not quitting after its last answer. */
    boolean alive() {
        return process.isAlive() && !retiring;
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
        } finally {
            Children.untrack(process);
        }
    }
}
