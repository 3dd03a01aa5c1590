package racepipe.pipeline.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.model.SiteInfo;

/** What one instrumented run wrote: its outcome, exceptions, sites and each detector's pairs. */
public final class RunResult {
    /** One detector's pair: two site ids, the event races and the threads of the first. */
    public record Pair(String detector, int siteA, int siteB, int events, String threadA, String threadB) {
    }

    /** An uncaught exception of the run. */
    public record Uncaught(String thread, String type, String message, String stack) {
    }

    public String outcome = "ok";
    public Integer exitStatus;
    public final List<Uncaught> uncaught = new ArrayList<>();
    public final Map<Integer, SiteInfo> sites = new HashMap<>();
    public final Map<Integer, String> variables = new HashMap<>();
    public final List<Pair> pairs = new ArrayList<>();
    public final Map<String, String> extra = new LinkedHashMap<>();

    public static RunResult parse(Path file) throws IOException {
        RunResult r = new RunResult();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "outcome" -> r.outcome = f[1];
                case "exit" -> r.exitStatus = Integer.parseInt(f[1]);
                case "exception" -> r.uncaught.add(new Uncaught(f[1], f[2], f[3], f.length > 4 ? f[4] : ""));
                case "pair" -> r.pairs.add(new Pair(f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                        Integer.parseInt(f[4]), f[5], f[6]));
                case "site" -> {
                    int id = Integer.parseInt(f[1]);
                    r.sites.put(id, SiteInfo.of(f[2], f[3], f[4], Integer.parseInt(f[5]), f[6],
                            Integer.parseInt(f[7]), f[9].equals("write")));
                    r.variables.put(id, f[8]);
                }
                default -> {
                    if (f.length > 1) {
                        r.extra.put(f[0], f[1]);
                    }
                }
            }
        }
        return r;
    }
}
