package racepipe.pipeline.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import racepipe.pipeline.input.ProgramInput;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.Confirm;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.RunNotes;
import racepipe.pipeline.model.Summary;
import racepipe.statics.StaticResult;

/**
 * The whole pipeline: static analysis and K dynamic runs (Phase 1), candidates = the pairs of
 * the chosen predictors, Phase 2 on every candidate, verdicts. Phase 1's result and every
 * finished trial are kept in the out folder, so a killed run can be resumed.
 */
public final class Analysis {
    /** What analyze was asked to do. */
    public record Options(List<String> predictors, String engine, int runs, long seed, long runTimeoutMillis,
                          ConfirmRuns.Options confirm) {
    }

    private final ProgramInput program;
    private final Options opt;
    private final Path out;
    private final PrintStream log;
    private final Map<String, Double> phases = new LinkedHashMap<>();

    public Analysis(ProgramInput program, Options opt, Path out, PrintStream log) {
        this.program = program;
        this.opt = opt;
        this.out = out;
        this.log = log;
    }

    public ResultFile run() throws IOException, InterruptedException {
        Files.createDirectories(out);
        Path phase1File = out.resolve("phase1.json");
        ResultFile r;
        if (Files.exists(phase1File)) {
            r = ResultFile.read(phase1File);
            log.println("phase 1: resumed from " + phase1File + " (" + r.pairs.size() + " pairs)");
            if (r.summary != null && r.summary.phases() != null) {
                phases.putAll(r.summary.phases());
            }
        } else {
            r = phase1();
            r.summary = new Summary(null, null, null, new LinkedHashMap<>(phases));
            r.write(phase1File);
        }
        // a program that never got going gets no Phase 2: every trial would fail the same way
        r.failure = StartFailure.ofRuns(r.runs);
        if (r.failure == null) {
            confirmCandidates(r);
            r.failure = StartFailure.ofPairs(r.pairs);
        }
        r.summary = summary(r);
        return r;
    }

    private ResultFile phase1() throws IOException, InterruptedException {
        Map<String, RacePair> pairs = new TreeMap<>();
        ResultFile r = new ResultFile();
        r.tool = ProgramInfo.tool();
        r.program = ProgramInfo.program(program);
        r.options.put("predictors", opt.predictors());
        r.options.put("engine", opt.engine());
        r.options.put("runs", opt.runs());
        r.options.put("trials", opt.confirm().trials());
        r.options.put("seed", opt.seed());
        r.options.put("timeout", opt.runTimeoutMillis() / 1000);
        if (!program.classPath().isEmpty()) {
            r.options.put("classpath", program.classPath().stream().map(Path::toString).toList());
        }
        if (opt.predictors().contains("static")) {
            long t0 = System.nanoTime();
            log.print("phase 1, static (" + opt.engine() + ") ... ");
            log.flush();
            StaticResult s = StaticPhase.run(program, opt.engine());
            for (RacePair p : StaticPhase.pairs(s)) {
                pairs.put(p.key, p);
            }
            phases.put("static", seconds(t0));
            log.printf("%d pairs, %.1f s%n", s.pairs().size(), phases.get("static"));
        }
        long t0 = System.nanoTime();
        log.print("phase 1, dynamic (" + opt.runs() + " runs, ls eraser hybrid hb) ... ");
        log.flush();
        DetectRuns.Result d = DetectRuns.run(program, new DetectRuns.Options(List.of("ls", "eraser", "hybrid", "hb"),
                opt.runs(), opt.seed(), opt.runTimeoutMillis()), out.resolve("runs"));
        for (RacePair p : d.pairs().values()) {
            RacePair known = pairs.putIfAbsent(p.key, p);
            if (known != null) {
                known.predictors.putAll(p.predictors);
                known.addLibrary(p.sites);
                if (p.evidence != null) {
                    known.evidence.putAll(p.evidence);
                }
            }
        }
        r.runs = d.runs();
        phases.put("dynamic", seconds(t0));
        List<String> notes = RunNotes.of(d.runs(), opt.runTimeoutMillis() / 1000);
        log.printf("%d pairs, %.1f s%s%n", d.pairs().size(), phases.get("dynamic"),
                notes.isEmpty() ? "" : "; " + String.join("; ", notes));
        r.pairs = new ArrayList<>(pairs.values());
        return r;
    }

    private boolean isCandidate(RacePair p) {
        return opt.predictors().stream().anyMatch(p.predictors::containsKey);
    }

    private void confirmCandidates(ResultFile r) throws IOException, InterruptedException {
        List<RacePair> candidates = r.pairs.stream().filter(this::isCandidate).toList();
        List<Long> seeds = ConfirmRuns.seeds(opt.confirm());
        long t0 = System.nanoTime();
        try (TrialLog trials = new TrialLog(out.resolve("trials.jsonl"));
             Progress bar = Progress.of(log, (long) candidates.size() * seeds.size())) {
            int index = 0;
            for (RacePair p : candidates) {
                bar.pair(++index, candidates.size());
                Map<Long, TrialResult> bySeed = new LinkedHashMap<>(trials.done(p.key));
                bar.trials(bySeed.size());
                List<Long> todo = seeds.stream().filter(s -> !bySeed.containsKey(s)).toList();
                if (p.sites.stream().anyMatch(s -> s.className().startsWith("java."))) {
                    p.verdict = "unconfirmed";
                    p.confirm = Confirm.skipped("a site inside the JDK: Phase 2 does not instrument JDK classes");
                    bar.pairDone(p, index, candidates.size(), (long) index * seeds.size());
                    continue;
                }
                if (!todo.isEmpty()) {
                    ConfirmRuns.run(program, p.sites.get(0), p.sites.get(1), opt.confirm(), todo, t -> {
                        trials.append(p.key, t);
                        synchronized (bySeed) {
                            bySeed.put(t.seed(), t);
                        }
                        bar.trials(1);
                    });
                }
                List<TrialResult> results = new ArrayList<>(TrialLog.ordered(seeds, bySeed));
                boolean randomToo = p.predictors.containsKey("hb") && needsRandom(results);
                if (randomToo) {
                    results.addAll(randomTrials(p, trials));
                }
                ConfirmRuns.fill(program, p, results, opt.confirm());
                if (randomToo) {
                    p.confirm.note = ("RaceFuzzer created no race in " + seeds.size() + " trials (a partner that only"
                            + " comes once the postponed thread has moved on); then " + FALLBACK_SHARE + " of as many"
                            + " trials under the random scheduler");
                }
                bar.pairDone(p, index, candidates.size(), (long) index * seeds.size());
            }
        }
        phases.put("confirm", seconds(t0) + phases.getOrDefault("confirm", 0.0));
    }

    /** Of --trials, the random-scheduler trials a pair gets when RaceFuzzer created no race. */
    static final String FALLBACK_SHARE = "half";

    /**
     * RaceFuzzer postpones a thread at a racing statement until a partner arrives; a partner
     * that only comes after the postponed thread has moved on (miniserver: the table must fill
     * first) is never met. Random scheduling, which postpones no one, still meets it. Only for a
     * pair happens-before saw unordered in an observed run (evidence the race exists), not for
     * one whose trials hang (given up) or that raced.
     */
    private static boolean needsRandom(List<TrialResult> results) {
        return !results.isEmpty() && results.stream().noneMatch(TrialResult::raced)
                && results.stream().anyMatch(t -> t.outcome() != Outcome.TIMEOUT);
    }

    private List<TrialResult> randomTrials(RacePair p, TrialLog log) throws IOException, InterruptedException {
        ConfirmRuns.Options c = opt.confirm();
        ConfirmRuns.Options random = new ConfirmRuns.Options(Math.max(1, c.trials() / 2), Seeds.derive(c.seed(), -1), "random",
                c.jobs(), c.timeoutMillis(), c.processPerTrial(), c.watchdogMillis());
        String key = p.key + "#random";
        List<Long> seeds = ConfirmRuns.seeds(random);
        Map<Long, TrialResult> bySeed = new LinkedHashMap<>(log.done(key));
        List<Long> todo = seeds.stream().filter(s -> !bySeed.containsKey(s)).toList();
        if (!todo.isEmpty()) {
            ConfirmRuns.run(program, p.sites.get(0), p.sites.get(1), random, todo, t -> {
                log.append(key, t);
                synchronized (bySeed) {
                    bySeed.put(t.seed(), t);
                }
            });
        }
        return TrialLog.ordered(seeds, bySeed);
    }

    private Summary summary(ResultFile r) {
        Map<String, TreeSet<String>> sets = new LinkedHashMap<>();
        for (String k : List.of("static", "ls", "eraser", "hybrid", "hb", "candidates", "induced")) {
            sets.put(k, new TreeSet<>());
        }
        Map<String, Integer> verdicts = new LinkedHashMap<>(Map.of("harmful", 0, "real", 0, "unconfirmed", 0));
        for (RacePair p : r.pairs) {
            for (String k : List.of("static", "ls", "eraser", "hybrid", "hb")) {
                if (p.predictors.containsKey(k)) {
                    sets.get(k).add(p.key);
                }
            }
            if (isCandidate(p)) {
                sets.get("candidates").add(p.key);
            }
            if (p.induced()) {
                sets.get("induced").add(p.key);
            }
            if (p.verdict != null) {
                verdicts.merge(p.verdict, 1, Integer::sum);
            }
        }
        Map<String, List<String>> lists = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        sets.forEach((k, v) -> {
            lists.put(k, new ArrayList<>(v));
            counts.put(k, v.size());
        });
        return new Summary(lists, counts, verdicts, phases);
    }

    private static double seconds(long t0) {
        return Math.round((System.nanoTime() - t0) / 1e8) / 10.0;
    }
}
