package racepipe.pipeline.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/**
 * Phase 2 for one pair: N trials, trial i with a seed derived from S and i, spread over J
 * worker JVMs (or one JVM per trial). Results come back in trial order.
 */
public final class ConfirmRuns {
    /** The options of a confirm job. */
    public record Options(int trials, long seed, String scheduler, int jobs, long timeoutMillis,
                          boolean processPerTrial, long watchdogMillis) {
    }

    /** A pair whose first trials all hang is given up, so analyze keeps its time bound. */
    static final int GIVE_UP_AFTER_TIMEOUTS = 3;

    private ConfirmRuns() {
    }

    /** Seeds of the trials, in order. */
    public static List<Long> seeds(Options opt) {
        List<Long> seeds = new ArrayList<>();
        for (int i = 0; i < opt.trials(); i++) {
            seeds.add(Seeds.derive(opt.seed(), i));
        }
        return seeds;
    }

    public static List<Map<String, Object>> run(ProgramInput program, SiteInfo a, SiteInfo b, Options opt,
                                                List<Long> seeds, Consumer<Map<String, Object>> onTrial)
            throws InterruptedException {
        List<String> cmd = workerCommand(program, a, b, opt);
        @SuppressWarnings("unchecked")
        Map<String, Object>[] results = new Map[seeds.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger hung = new AtomicInteger();   // trials that timed out
        AtomicInteger ended = new AtomicInteger();  // trials that ended by themselves
        List<Thread> drivers = new ArrayList<>();
        RuntimeException[] failure = new RuntimeException[1];
        for (int j = 0; j < Math.max(1, Math.min(opt.jobs(), seeds.size())); j++) {
            Thread t = new Thread(() -> {
                Worker w = null;
                try {
                    for (int i; (i = next.getAndIncrement()) < seeds.size(); ) {
                        if (hung.get() >= GIVE_UP_AFTER_TIMEOUTS && ended.get() == 0) {
                            break; // every trial so far hung: the rest would too; the pair stays unconfirmed
                        }
                        if (w == null || !w.alive()) {
                            w = new Worker(cmd);
                        }
                        Map<String, Object> r = w.trial(seeds.get(i), opt.scheduler(), opt.timeoutMillis());
                        results[i] = r;
                        ("timeout".equals(r.get("outcome")) ? hung : ended).incrementAndGet();
                        if (onTrial != null) {
                            onTrial.accept(r);
                        }
                        if (opt.processPerTrial() || Boolean.TRUE.equals(r.get("retired"))
                                || !"ok".equals(r.get("outcome")) && !"exception".equals(r.get("outcome"))
                                && !"exit".equals(r.get("outcome")) && !"deadlock".equals(r.get("outcome"))) {
                            w.close();
                            w = null;
                        }
                    }
                } catch (IOException e) {
                    failure[0] = new IllegalStateException("cannot start a worker JVM: " + e.getMessage(), e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    if (w != null) {
                        w.close();
                    }
                }
            }, "racepipe-driver-" + j);
            t.start();
            drivers.add(t);
        }
        for (Thread t : drivers) {
            t.join();
        }
        if (failure[0] != null) {
            throw failure[0];
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> r : results) {
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    static List<String> workerCommand(ProgramInput program, SiteInfo a, SiteInfo b, Options opt) {
        String sites = a.key() + "," + b.key();
        List<String> args = new ArrayList<>(List.of(program.jar().toString(), program.entry(), sites,
                String.valueOf(opt.watchdogMillis())));
        args.addAll(program.args());
        // the random baseline chooses at every shared access, so every access is instrumented;
        // racefuzzer and native need only the pair's two sites (and synchronisation)
        String agent = opt.scheduler().equals("random") ? "" : "sites=" + sites;
        return ChildJvm.command(agent, "", "racepipe.dynamic.run.TrialWorker", args);
    }

    /** The totals of a pair's trials: DESIGN.md's "confirm" block. */
    public static Map<String, Object> totals(List<Map<String, Object>> trials, Options opt) {
        Map<String, Object> c = new LinkedHashMap<>();
        int raced = 0, thrownAfterRace = 0, watchdog = 0;
        Map<String, Integer> exceptions = new TreeMap<>();
        Map<String, Integer> outcomes = new LinkedHashMap<>();
        for (String o : List.of("ok", "exception", "deadlock", "timeout", "exit", "crashed")) {
            outcomes.put(o, 0);
        }
        for (Map<String, Object> t : trials) {
            if (Boolean.TRUE.equals(t.get("raced"))) {
                raced++;
            }
            outcomes.merge(String.valueOf(t.get("outcome")), 1, Integer::sum);
            Object ex = t.get("exception");
            if (ex instanceof Map<?, ?> e) {
                exceptions.merge(String.valueOf(e.get("type")), 1, Integer::sum);
                if (Boolean.TRUE.equals(e.get("afterRace"))) {
                    thrownAfterRace++;
                }
            }
            watchdog += ((Number) t.getOrDefault("watchdog", 0)).intValue();
        }
        c.put("scheduler", opt.scheduler());
        c.put("trials", trials.size());
        c.put("raced", raced);
        c.put("exceptions", exceptions);
        c.put("outcomes", outcomes);
        c.put("thrownAfterRace", thrownAfterRace);
        c.put("watchdogFirings", watchdog);
        c.put("seed", opt.seed());
        return c;
    }

    /** A trial as the JSON lists it: seed, raced, outcome, exception, schedule (stable across replays). */
    public static Map<String, Object> summary(Map<String, Object> t) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("seed", t.get("seed"));
        s.put("raced", t.get("raced"));
        s.put("outcome", t.get("outcome"));
        Object ex = t.get("exception");
        s.put("exception", ex instanceof Map<?, ?> e ? e.get("type") + ": " + e.get("message") : null);
        if (t.get("race") instanceof Map<?, ?> race) {
            s.put("first", race.get("first"));
        }
        s.put("schedule", t.get("schedule"));
        if (t.containsKey("note")) {
            s.put("note", t.get("note"));
        }
        return s;
    }

    /**
     * Puts the totals, verdict, trial summaries, examples and a replay command on the pair.
     * unconfirmed: no trial raced; harmful: a raced trial threw and the exception is the pair's
     * (Attribution); real: raced otherwise.
     */
    public static void fill(ProgramInput program, RacePair p, List<Map<String, Object>> results, Options opt) {
        p.confirm = totals(results, opt);
        boolean raced = results.stream().anyMatch(t -> Boolean.TRUE.equals(t.get("raced")));
        boolean threw = results.stream().anyMatch(t -> Boolean.TRUE.equals(t.get("raced")) && t.get("exception") != null);
        Attribution.Result why = threw ? Attribution.of(p.sites.get(0), p.sites.get(1), results) : null;
        if (why != null) {
            p.confirm.put("attribution", why.why());
        }
        p.verdict = !raced ? "unconfirmed" : why != null && why.attributed() ? "harmful" : "real";
        p.trials = new ArrayList<>();
        results.forEach(t -> p.trials.add(summary(t)));
        Map<String, Object> examples = new LinkedHashMap<>();
        results.stream().filter(t -> Boolean.TRUE.equals(t.get("raced"))).findFirst().ifPresent(t -> examples.put("race", t));
        results.stream().filter(t -> t.get("exception") != null).findFirst().ifPresent(t -> examples.put("crash", t));
        p.confirm.put("examples", examples);
        Map<?, ?> example = (Map<?, ?>) (examples.containsKey("crash") ? examples.get("crash") : examples.get("race"));
        if (example != null) {
            Object mode = example.get("scheduler");
            p.confirm.put("replay", Replay.command(program, p, example.get("seed"), mode != null ? mode.toString() : opt.scheduler()));
        }
    }
}
