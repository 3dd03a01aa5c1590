package racepipe.dynamic.run;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;

/**
 * Entry point of a Phase 2 worker JVM: reads "trial SEED MODE TIMEOUT_MS" lines on stdin, runs
 * each trial, and answers one "RESULT {json}" line. The program's own output is discarded. A
 * trial whose threads cannot be stopped makes the worker quit after answering, so the parent
 * replaces it.
 * Usage: TrialWorker CLASSPATH ENTRY SITES WATCHDOG_MS [args...]
 */
public final class TrialWorker {
    private TrialWorker() {
    }

    public static void main(String[] argv) throws Exception {
        String[] cp = argv[0].split(java.io.File.pathSeparator);
        URL[] urls = new URL[cp.length];
        for (int i = 0; i < cp.length; i++) {
            urls[i] = Path.of(cp[i]).toUri().toURL();
        }
        TrialRunner runner = new TrialRunner(urls, argv[1], Arrays.copyOfRange(argv, 4, argv.length),
                new LinkedHashSet<>(TrialRunner.split(argv[2])));
        long watchdog = Long.parseLong(argv[3]);
        PrintStream protocol = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
        System.setOut(discard);
        System.setErr(discard);
        protocol.println("READY");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String[] f = line.trim().split(" ");
            if (!f[0].equals("trial")) {
                break;
            }
            TrialRunner.Ran ran = runner.run(Long.parseLong(f[1]), f[2], Long.parseLong(f[3]), watchdog);
            if (!ran.clean()) {
                ran.result().put("retired", true); // this worker quits: the parent starts another
            }
            protocol.println("RESULT " + Json.of(ran.result()));
            if (!ran.clean()) {
                protocol.flush();
                Runtime.getRuntime().halt(0); // threads we cannot stop: a fresh worker goes on
            }
        }
        Runtime.getRuntime().halt(0);
    }
}
