package racepipe.pipeline.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/**
 * Phase 1, dynamic: K runs of the program, each in its own JVM under the agent with every
 * chosen detector, merged into pairs that count the runs that saw them.
 */
public final class DetectRuns {
    /** The options of a detect job. */
    public record Options(List<String> detectors, int runs, Long seed, long timeoutMillis) {
    }

    /** The merged result: pairs by key, and one summary per run. */
    public record Result(Map<String, RacePair> pairs, List<Map<String, Object>> runs) {
    }

    private DetectRuns() {
    }

    public static Result run(ProgramInput program, Options opt, Path work) throws IOException, InterruptedException {
        Map<String, RacePair> pairs = new TreeMap<>();
        List<Map<String, Object>> runs = new ArrayList<>();
        Files.createDirectories(work);
        for (int i = 0; i < opt.runs(); i++) {
            Long seed = opt.seed() == null ? null : Seeds.derive(opt.seed(), i);
            runs.add(runOnce(program, opt, seed, i, work, pairs));
        }
        return new Result(pairs, runs);
    }

    private static Map<String, Object> runOnce(ProgramInput program, Options opt, Long seed, int index, Path work,
                                               Map<String, RacePair> pairs) throws IOException, InterruptedException {
        Path out = work.resolve("run-" + index + ".tsv");
        Path log = work.resolve("run-" + index + ".log");
        Files.deleteIfExists(out);
        String agentOpts = "detectors=" + String.join(",", opt.detectors()) + (seed == null ? "" : "|seed=" + seed);
        List<String> args = new ArrayList<>(List.of(out.toString(), program.entry()));
        args.addAll(program.args());
        ChildJvm.Ended ended = ChildJvm.run(ChildJvm.command(agentOpts, program.jar(),
                "racepipe.dynamic.run.DetectMain", args), log, opt.timeoutMillis());
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("index", index);
        run.put("seed", seed);
        if (!Files.exists(out)) {
            run.put("outcome", ended.timedOut() ? "timeout" : "crashed");
            run.put("log", ended.tail(5));
            run.put("sets", emptySets(opt.detectors()));
            return run;
        }
        RunResult r = RunResult.parse(out);
        run.put("outcome", ended.timedOut() ? "timeout" : r.outcome);
        if (r.exitStatus != null) {
            run.put("exitStatus", r.exitStatus);
        }
        if (!r.uncaught.isEmpty()) {
            List<Map<String, Object>> ex = new ArrayList<>();
            for (RunResult.Uncaught u : r.uncaught) {
                ex.add(Map.of("thread", u.thread(), "type", u.type(), "message", u.message()));
            }
            run.put("exceptions", ex);
        }
        Map<String, TreeSet<String>> sets = new LinkedHashMap<>();
        for (String d : opt.detectors()) {
            sets.put(d, new TreeSet<>());
        }
        for (RunResult.Pair p : r.pairs) {
            SiteInfo a = r.sites.get(p.siteA()), b = r.sites.get(p.siteB());
            RacePair pair = pairs.computeIfAbsent(RacePair.keyOf(a.key(), b.key()),
                    k -> new RacePair(r.variables.get(p.siteA()), a, b));
            if (sets.get(p.detector()).add(pair.key)) {
                pair.predictors.merge(p.detector(), 1, (x, y) -> (Integer) x + (Integer) y);
            }
            if (pair.evidence == null) {
                pair.evidence = new TreeMap<>();
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> ev = (Map<String, Object>) pair.evidence.computeIfAbsent(p.detector(),
                    k -> new LinkedHashMap<String, Object>(Map.of("events", 0, "threads", List.of(p.threadA(), p.threadB()))));
            ev.put("events", (Integer) ev.get("events") + p.events());
        }
        run.put("sets", sets);
        return run;
    }

    private static Map<String, List<String>> emptySets(List<String> detectors) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        detectors.forEach(d -> m.put(d, List.of()));
        return m;
    }
}
