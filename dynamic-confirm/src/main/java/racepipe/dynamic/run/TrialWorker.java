package racepipe.dynamic.run;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import racepipe.contract.Protocol;

/**
 * Entry point of a Phase 2 worker JVM, speaking contract's Protocol: says READY, reads one
 * trial request a line on stdin, runs it, and answers its TrialResult on one line. The program's
 * own output is discarded. A trial whose threads cannot be stopped is answered as the last one:
 * the worker quits, and the parent replaces it. racepipe's own failure goes to the real stderr
 * (the parent keeps its last lines for the crash's note) and ends the worker with status 70.
 * Usage: TrialWorker [--harness PATH] CLASSPATH ENTRY SITES WATCHDOG_MS [args...]; the harness's
 * entries are loaded once, in the parent of every trial's loader ({@link TrialRunner}).
 */
public final class TrialWorker {
    private TrialWorker() {
    }

    public static void main(String[] argv) throws Exception {
        URL[] harness = new URL[0];
        if (argv.length > 1 && argv[0].equals("--harness")) {
            harness = urls(argv[1]);
            argv = Arrays.copyOfRange(argv, 2, argv.length);
        }
        TrialRunner runner = new TrialRunner(harness, urls(argv[0]), argv[1], Arrays.copyOfRange(argv, 4, argv.length),
                TrialRunner.split(argv[2]));
        long watchdog = Long.parseLong(argv[3]);
        PrintStream protocol = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        PrintStream ownErrors = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true, StandardCharsets.UTF_8);
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
        System.setOut(discard);
        System.setErr(discard);
        protocol.println(Protocol.READY);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        long seed = 0;
        try {
            for (String line; (line = in.readLine()) != null; ) {
                Protocol.TrialRequest request = Protocol.TrialRequest.parse(line);
                if (request == null) {
                    break; // the parent is done
                }
                seed = request.seed();
                TrialRunner.Ran ran = runner.run(request.seed(), request.scheduler(), request.timeoutMillis(), watchdog);
                protocol.println(new Protocol.Answer(ran.result(), !ran.clean()).line());
                if (!ran.clean()) {
                    protocol.flush();
                    Runtime.getRuntime().halt(0); // threads we cannot stop: a fresh worker goes on
                }
            }
        } catch (Throwable t) { // racepipe's own failure: said on the real stderr, which the parent keeps for the note
            StackTraceElement[] frames = t.getStackTrace();
            for (int i = Math.min(3, frames.length) - 1; i >= 0; i--) {
                ownErrors.println("  from " + frames[i]);
            }
            // last, so that it is among the last lines the parent keeps
            ownErrors.println("racepipe worker failed in the trial of seed " + seed + ": " + t);
            ownErrors.flush();
            Runtime.getRuntime().halt(70);
        }
        Runtime.getRuntime().halt(0);
    }

    private static URL[] urls(String path) throws java.net.MalformedURLException {
        String[] cp = path.isEmpty() ? new String[0] : path.split(java.io.File.pathSeparator);
        URL[] urls = new URL[cp.length];
        for (int i = 0; i < cp.length; i++) {
            urls[i] = Path.of(cp[i]).toUri().toURL();
        }
        return urls;
    }
}
