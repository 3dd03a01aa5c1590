package racepipe.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one Phase 2 trial showed: whether the pair raced, how the program ended, and the
 * schedule's digest (equal digests, equal schedules). Written by the worker JVM, read by the
 * pipeline: {@link #toJson()} and {@link #parse(String)} are the format's one writer and reader.
 */
public record TrialResult(long seed, String scheduler, boolean raced, Outcome outcome, Thrown exception,
                          Integer exitStatus, Race race, String deadlock, String schedule, int watchdog,
                          long micros, String note, int fruitless) {

    /** {@code fruitless}: RaceFuzzer's postponements at the pair's sites that ended without a race (0 when none or another scheduler). */
    public TrialResult(long seed, String scheduler, boolean raced, Outcome outcome, Thrown exception, Integer exitStatus,
                       Race race, String deadlock, String schedule, int watchdog, long micros, String note) {
        this(seed, scheduler, raced, outcome, exception, exitStatus, race, deadlock, schedule, watchdog, micros, note, 0);
    }

    /** The first uncaught exception of the trial; afterRace: thrown after the pair raced. */
    public record Thrown(String type, String message, String thread, String stack, boolean afterRace) {
    }

    /**
     * The pair's first race: the address, the thread that went first, both accesses; {@code
     * variables}: what each of the trial's {@code count} races touched, each once in order (between
     * two calls into a library, more than one of its fields can race).
     */
    public record Race(String address, String first, int count, List<Access> accesses, List<String> variables) {
        public Race {
            variables = variables == null ? List.of() : List.copyOf(variables);
        }

        public Race(String address, String first, int count, List<Access> accesses) {
            this(address, first, count, accesses, List.of());
        }
    }

    /**
     * One side of a race: the site, its thread and stack (frames joined by " <- "), and what the
     * access did as the scheduler saw it: {@code kind} "read" or "write", {@code variable} the field
     * or array it touched (inside a library call, the library's own field); both null when not known.
     */
    public record Access(String site, String thread, String stack, String kind, String variable) {
        public Access(String site, String thread, String stack) {
            this(site, thread, stack, null, null);
        }
    }

    /** A trial that produced no result of its own: the worker died or did not answer. */
    public static TrialResult failed(long seed, String scheduler, Outcome outcome, String why) {
        return new TrialResult(seed, scheduler, false, outcome, null, null, null, null, "none", 0, 0, why);
    }

    public String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seed", seed);
        m.put("scheduler", scheduler);
        m.put("raced", raced);
        m.put("outcome", outcome.label());
        if (exception != null) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("type", exception.type());
            e.put("message", exception.message());
            e.put("thread", exception.thread());
            e.put("stack", exception.stack());
            e.put("afterRace", exception.afterRace());
            m.put("exception", e);
        }
        m.put("exitStatus", exitStatus);
        if (race != null) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("address", race.address());
            r.put("first", race.first());
            r.put("count", race.count());
            List<Object> accesses = new ArrayList<>();
            for (Access a : race.accesses()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("site", a.site());
                x.put("thread", a.thread());
                x.put("stack", a.stack());
                if (a.kind() != null) {
                    x.put("kind", a.kind());
                    x.put("variable", a.variable());
                }
                accesses.add(x);
            }
            r.put("accesses", accesses);
            if (!race.variables().isEmpty()) {
                r.put("variables", race.variables());
            }
            m.put("race", r);
        }
        m.put("deadlock", deadlock);
        m.put("schedule", schedule);
        m.put("watchdog", watchdog);
        m.put("micros", micros);
        m.put("note", note);
        if (fruitless > 0) {
            m.put("fruitless", fruitless);
        }
        return Json.write(m);
    }

    /** Reads what {@link #toJson()} wrote; IllegalArgumentException when it is not that. */
    public static TrialResult parse(String json) {
        Json.Obj o = new Json.Obj(Json.read(json));
        if (!o.has("seed") || !o.has("outcome")) {
            throw new IllegalArgumentException("not a trial result: " + json);
        }
        Thrown thrown = null;
        if (o.has("exception")) {
            Json.Obj e = o.obj("exception");
            thrown = new Thrown(e.str("type"), e.str("message"), e.str("thread"), e.str("stack"), e.bool("afterRace"));
        }
        Race race = null;
        if (o.has("race")) {
            Json.Obj r = o.obj("race");
            List<Access> accesses = new ArrayList<>();
            for (Json.Obj a : r.list("accesses")) {
                accesses.add(new Access(a.str("site"), a.str("thread"), a.str("stack"), a.str("kind"), a.str("variable")));
            }
            race = new Race(r.str("address"), r.str("first"), (int) r.num("count"), List.copyOf(accesses), r.strs("variables"));
        }
        return new TrialResult(o.num("seed"), o.str("scheduler"), o.bool("raced"), Outcome.of(o.str("outcome")), thrown,
                o.intOrNull("exitStatus"), race, o.str("deadlock"), o.str("schedule"), (int) o.num("watchdog"),
                o.num("micros"), o.str("note"), o.has("fruitless") ? (int) o.num("fruitless") : 0);
    }
}
