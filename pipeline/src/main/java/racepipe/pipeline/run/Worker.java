package racepipe.pipeline.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Collection;
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

    /** Lines of the worker's own output kept for a crash's note: the last ones. */
    private static final int KEEP = 5;

    /** Runs one trial; a worker that dies or overruns is reported in the result and must be replaced. */
    TrialResult trial(long seed, String scheduler, long timeoutMillis) throws InterruptedException {
        ArrayDeque<String> noise = new ArrayDeque<>();
        try {
            in.write(new Protocol.TrialRequest(seed, scheduler, timeoutMillis).line() + "\n");
            in.flush();
        } catch (IOException e) {
            return TrialResult.failed(seed, scheduler, Outcome.CRASHED, crash("worker gone (" + e.getMessage() + ")", noise));
        }
        long deadline = System.nanoTime() + (timeoutMillis + 10_000) * 1_000_000L;
        while (true) {
            String l = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (l == null) {
                process.destroyForcibly();
                return TrialResult.failed(seed, scheduler, Outcome.TIMEOUT,
                        "the worker did not answer within " + (timeoutMillis / 1000 + 10) + " s and was killed");
            }
            if (l.equals(EOF)) {
                return TrialResult.failed(seed, scheduler, Outcome.CRASHED, crash("worker ended", noise));
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
            if (!l.equals(Protocol.READY)) {
                noise.addLast(l);
                if (noise.size() > KEEP) {
                    noise.removeFirst();
                }
            }
        }
    }

    /**
     * A crash's reason: the worker's exit status (a signal's name when it was killed) and the
     * last lines it wrote (its stderr goes to the same stream).
     */
    private String crash(String what, Collection<String> lastLines) throws InterruptedException {
        StringBuilder sb = new StringBuilder(what);
        if (process.waitFor(5, TimeUnit.SECONDS)) {
            int status = process.exitValue();
            sb.append(" with exit status ").append(status);
            if (status > 128) {
                sb.append(" (killed by signal ").append(status - 128).append(status == 137 ? ", SIGKILL: out of memory?" : "")
                        .append(')');
            }
        } else {
            sb.append(", still running");
        }
        sb.append(lastLines.isEmpty() ? "; it wrote nothing" : "; its last lines: " + String.join(" | ", lastLines));
        return sb.toString();
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
