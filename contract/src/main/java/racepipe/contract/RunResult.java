package racepipe.contract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one Phase 1 run under the agent found: how it ended, each detector's pairs (by site id)
 * and the sites they name. Written by the run's JVM, read by the pipeline: {@link #write} and
 * {@link #read} are the run file's one writer and reader. {@code uninstrumented}: the methods the
 * agent left as they were (their accesses went unseen in this run).
 */
public record RunResult(Outcome outcome, String schedule, int watchdog, String deadlock, Integer exitStatus,
                        List<Uncaught> exceptions, List<Pair> pairs, List<Site> sites, List<Uninstrumented> uninstrumented,
                        List<Candidate> candidates) {

    public RunResult {
        uninstrumented = uninstrumented == null ? List.of() : List.copyOf(uninstrumented);
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
    }

    public RunResult(Outcome outcome, String schedule, int watchdog, String deadlock, Integer exitStatus,
                     List<Uncaught> exceptions, List<Pair> pairs, List<Site> sites, List<Uninstrumented> uninstrumented) {
        this(outcome, schedule, watchdog, deadlock, exitStatus, exceptions, pairs, sites, uninstrumented, List.of());
    }

    public RunResult(Outcome outcome, String schedule, int watchdog, String deadlock, Integer exitStatus,
                     List<Uncaught> exceptions, List<Pair> pairs, List<Site> sites) {
        this(outcome, schedule, watchdog, deadlock, exitStatus, exceptions, pairs, sites, List.of());
    }

    /** A method the agent could not instrument: its class (dotted), name, descriptor, and why. */
    public record Uninstrumented(String owner, String method, String desc, String reason) {
        /** {@code pkg.Cls.method(desc)}, as a user finds it. */
        public String label() {
            return owner + "." + method + desc;
        }
    }

    /**
     * A candidate of another kind than a race pair that a detector of the run predicted
     * ({@link CandidateKind}): its sites (ids in {@link #sites}, in the candidate's own order: a
     * lock cycle's held-lock and wanted-lock acquires per thread), and per participant its thread,
     * its lock and its stack (frames joined by " <- ").
     */
    public record Candidate(String kind, String detector, List<Integer> sites, List<String> threads, List<String> locks,
                            List<String> stacks) {
    }

    /**
     * An uncaught exception of the run (stack: frames joined by " <- "); one of thread
     * {@link #DETECTORS} is racepipe's own: the detectors failed on an event, and the run's pairs
     * may be wrong.
     */
    public record Uncaught(String thread, String type, String message, String stack) {
    }

    /** The detectors' thread in the child JVM, and the thread an {@link Uncaught} names when they failed. */
    public static final String DETECTORS = "racepipe-detectors";

    /** One detector's pair: two site ids, the racing events, and the threads of the first. */
    public record Pair(String detector, int siteA, int siteB, int events, String threadA, String threadB) {
    }

    /**
     * A site a pair names: the instruction, its source line, the variable and the access kind.
     * {@code library}: for an application call into a dependency, the accesses inside the
     * dependency that counted at it (empty for any other site).
     */
    public record Site(int id, String owner, String method, String desc, int bci, String file, int line,
                       String variable, boolean write, List<LibraryAccess> library) {
        public Site {
            library = library == null ? List.of() : List.copyOf(library);
        }

        public Site(int id, String owner, String method, String desc, int bci, String file, int line,
                    String variable, boolean write) {
            this(id, owner, method, desc, bci, file, line, variable, write, List.of());
        }

        public String key() {
            return SiteKey.of(owner, method, desc, bci);
        }
    }

    /**
     * An access inside library code counted at an application call: its variable, kind, and
     * frame as a stack trace shows it ({@code shoplib.Inventory.add(Inventory.java:4)}).
     */
    public record LibraryAccess(String variable, boolean write, String frame) {
    }

    public void write(Path file) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("outcome", outcome.label());
        m.put("schedule", schedule);
        m.put("watchdog", watchdog);
        m.put("deadlock", deadlock);
        m.put("exitStatus", exitStatus);
        List<Object> ex = new ArrayList<>();
        for (Uncaught u : exceptions) {
            ex.add(ordered("thread", u.thread(), "type", u.type(), "message", u.message(), "stack", u.stack()));
        }
        m.put("exceptions", ex);
        List<Object> ps = new ArrayList<>();
        for (Pair p : pairs) {
            ps.add(ordered("detector", p.detector(), "siteA", p.siteA(), "siteB", p.siteB(), "events", p.events(),
                    "threadA", p.threadA(), "threadB", p.threadB()));
        }
        m.put("pairs", ps);
        List<Object> ss = new ArrayList<>();
        for (Site s : sites) {
            Map<String, Object> site = ordered("id", s.id(), "owner", s.owner(), "method", s.method(), "desc", s.desc(),
                    "bci", s.bci(), "file", s.file(), "line", s.line(), "variable", s.variable(), "write", s.write());
            if (!s.library().isEmpty()) { // only calls into dependencies have one
                List<Object> lib = new ArrayList<>();
                for (LibraryAccess a : s.library()) {
                    lib.add(ordered("variable", a.variable(), "write", a.write(), "frame", a.frame()));
                }
                site.put("library", lib);
            }
            ss.add(site);
        }
        m.put("sites", ss);
        List<Object> un = new ArrayList<>();
        for (Uninstrumented u : uninstrumented) {
            un.add(ordered("owner", u.owner(), "method", u.method(), "desc", u.desc(), "reason", u.reason()));
        }
        m.put("uninstrumented", un);
        List<Object> cs = new ArrayList<>();
        for (Candidate c : candidates) {
            cs.add(ordered("kind", c.kind(), "detector", c.detector(), "sites", c.sites(), "threads", c.threads(),
                    "locks", c.locks(), "stacks", c.stacks()));
        }
        m.put("candidates", cs);
        Files.writeString(file, Json.write(m), StandardCharsets.UTF_8);
    }

    public static RunResult read(Path file) throws IOException {
        Json.Obj o;
        try {
            o = new Json.Obj(Json.read(Files.readString(file, StandardCharsets.UTF_8)));
        } catch (IllegalArgumentException e) {
            throw new IOException("unreadable run file " + file + ": " + e.getMessage(), e);
        }
        List<Uncaught> ex = new ArrayList<>();
        for (Json.Obj u : o.list("exceptions")) {
            ex.add(new Uncaught(u.str("thread"), u.str("type"), u.str("message"), u.str("stack")));
        }
        List<Pair> ps = new ArrayList<>();
        for (Json.Obj p : o.list("pairs")) {
            ps.add(new Pair(p.str("detector"), (int) p.num("siteA"), (int) p.num("siteB"), (int) p.num("events"),
                    p.str("threadA"), p.str("threadB")));
        }
        List<Site> ss = new ArrayList<>();
        for (Json.Obj s : o.list("sites")) {
            List<LibraryAccess> lib = new ArrayList<>();
            for (Json.Obj a : s.list("library")) {
                lib.add(new LibraryAccess(a.str("variable"), a.bool("write"), a.str("frame")));
            }
            ss.add(new Site((int) s.num("id"), s.str("owner"), s.str("method"), s.str("desc"), (int) s.num("bci"),
                    s.str("file"), (int) s.num("line"), s.str("variable"), s.bool("write"), lib));
        }
        List<Uninstrumented> un = new ArrayList<>();
        for (Json.Obj u : o.list("uninstrumented")) {
            un.add(new Uninstrumented(u.str("owner"), u.str("method"), u.str("desc"), u.str("reason")));
        }
        List<Candidate> cs = new ArrayList<>();
        for (Json.Obj c : o.list("candidates")) {
            cs.add(new Candidate(c.str("kind"), c.str("detector"), c.ints("sites"), c.strs("threads"), c.strs("locks"),
                    c.strs("stacks")));
        }
        return new RunResult(Outcome.of(o.str("outcome")), o.str("schedule"), (int) o.num("watchdog"), o.str("deadlock"),
                o.intOrNull("exitStatus"), List.copyOf(ex), List.copyOf(ps), List.copyOf(ss), un, cs);
    }

    private static Map<String, Object> ordered(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
