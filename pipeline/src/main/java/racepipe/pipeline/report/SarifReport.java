package racepipe.pipeline.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.RunNotes;
import racepipe.pipeline.model.SiteInfo;
import racepipe.pipeline.model.ToolVersion;

/**
 * report.sarif: SARIF 2.1.0 as GitHub code scanning reads it. One result per pair, level by
 * verdict; locations[0] = one access, relatedLocations = the other (linked from the message);
 * one codeFlow with a threadFlow per racing thread of the example trial.
 */
public final class SarifReport {
    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    static final String INFORMATION_URI = "https://racepipe.invalid/docs/architecture.md";
    static final String FINGERPRINT = "racepipe/v1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SarifReport() {
    }

    /** Writes the SARIF log of r to file; source paths are resolved below the current folder. */
    public static void write(ResultFile r, Path file) throws IOException {
        write(r, file, Path.of(""));
    }

    public static void write(ResultFile r, Path file, Path sourceRoot) throws IOException {
        write(r, file, sourceRoot, List.of());
    }

    /** Paths relative to {@code base}, looked up in {@code sourceRoots} (empty: each src/main/java below base). */
    public static void write(ResultFile r, Path file, Path base, List<Path> sourceRoots) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        JSON.writeValue(file.toFile(), build(r, new SourcePaths(base, sourceRoots)));
    }

    static ObjectNode build(ResultFile r, Path sourceRoot) {
        return build(r, new SourcePaths(sourceRoot));
    }

    static ObjectNode build(ResultFile r, SourcePaths paths) {
        ObjectNode log = JSON.createObjectNode();
        log.put("$schema", SCHEMA);
        log.put("version", "2.1.0");
        ObjectNode run = log.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        String version = r == null || r.tool == null ? null : r.tool.version();
        driver.put("name", "racepipe");
        driver.put("version", version == null ? ToolVersion.get() : version);
        driver.put("semanticVersion", version == null ? ToolVersion.get() : version);
        driver.put("informationUri", INFORMATION_URI);
        ArrayNode rules = driver.putArray("rules");
        for (Verdict v : Verdict.values()) {
            rules.add(rule(v));
        }
        ArrayNode results = run.putArray("results");
        List<PairView> pairs = PairView.of(r == null ? null : r.pairs);
        Map<PairView, String> fingerprints = fingerprints(pairs);
        boolean baseline = r != null && r.options != null && r.options.containsKey("baseline");
        for (PairView p : pairs) {
            ObjectNode res = results.addObject();
            res.setAll(result(p, paths, fingerprints.get(p)));
            triage(res, p, baseline);
        }
        CandidateSarif.add(r, rules, results, paths);
        List<String> left = RunNotes.uninstrumented(r == null ? null : r.uninstrumented);
        if (r != null && (r.stopped != null || !left.isEmpty())) {
            ObjectNode inv = run.putArray("invocations").addObject();
            inv.put("executionSuccessful", r.stopped == null);
            ArrayNode notes = inv.putArray("toolExecutionNotifications");
            if (r.stopped != null) {
                notes.addObject().put("level", "warning").putObject("message")
                        .put("text", "analyze stopped in " + r.stopped.phase() + ": " + r.stopped.why() + "; " + r.stopped.untried()
                                + " of " + r.stopped.candidates() + " candidates untried (--resume continues)");
            }
            left.forEach(l -> notes.addObject().put("level", "warning").putObject("message").put("text", l));
        }
        run.put("columnKind", "utf16CodeUnits");
        return log;
    }

    private static ObjectNode rule(Verdict v) {
        ObjectNode rule = JSON.createObjectNode();
        rule.put("id", v.ruleId);
        rule.put("name", v.title.replace(" ", ""));
        rule.putObject("shortDescription").put("text", v.title);
        rule.putObject("fullDescription").put("text", v.description);
        rule.putObject("help").put("text", v.help);
        rule.putObject("defaultConfiguration").put("level", v.level);
        ObjectNode props = rule.putObject("properties");
        props.put("precision", v.precision);
        props.put("problem.severity", v.level.equals("error") || v.level.equals("warning") ? v.level : "recommendation");
        props.putArray("tags").add("concurrency").add("data-race");
        return rule;
    }

    private static ObjectNode result(PairView p, SourcePaths paths, String fingerprint) {
        Verdict v = p.kind();
        SiteInfo first = p.site(0);
        SiteInfo other = p.site(1);
        ObjectNode res = JSON.createObjectNode();
        res.put("ruleId", v.ruleId);
        res.put("ruleIndex", v.ordinal());
        res.put("level", v.level);
        if (v == Verdict.UNREACHED || v == Verdict.UNTRIED) {
            res.put("kind", v == Verdict.UNTRIED ? "open" : "informational"); // no finding; SARIF: level none
        }
        res.putObject("message").put("text", message(p));
        res.putArray("locations").add(location(first, paths, null));
        ObjectNode related = location(other, paths, describe(other));
        related.put("id", 1);
        res.putArray("relatedLocations").add(related);
        ArrayNode flows = threadFlows(p, paths);
        if (!flows.isEmpty()) {
            ObjectNode flow = res.putArray("codeFlows").addObject();
            flow.putObject("message").put("text", "The two racing accesses of trial seed "
                    + p.example().seed() + ", one thread flow per thread");
            flow.set("threadFlows", flows);
        }
        res.putObject("partialFingerprints").put(FINGERPRINT, fingerprint);
        ObjectNode props = res.putObject("properties");
        props.put("precision", v.precision);
        props.put("verdict", p.verdict);
        props.put("variable", Names.sourceVariable(p.variable()));
        if (p.pair.key != null) {
            props.put("pair", p.pair.key);
        }
        if (p.confirmed()) {
            props.put("trials", p.trials);
            props.put("raced", p.raced);
            props.put("thrown", p.thrown);
        }
        ArrayNode predictors = props.putArray("predictors");
        if (p.pair.predictors != null) {
            p.pair.predictors.keySet().forEach(predictors::add);
        }
        String replay = p.replay();
        if (replay != null) {
            props.put("replay", replay);
        }
        if (p.pair.label != null) {
            props.put("label", p.pair.label);
        }
        return res;
    }

    /**
     * A suppressed pair carries SARIF's suppressions (kind external: the --suppress file, with its
     * reason as justification); with a baseline, each result says whether it is new or unchanged.
     */
    private static void triage(ObjectNode res, PairView p, boolean baseline) {
        if (p.pair.suppressed != null) {
            ObjectNode s = res.putArray("suppressions").addObject();
            s.put("kind", "external");
            s.put("status", "accepted");
            s.put("justification", p.pair.suppressed);
        }
        if (baseline) {
            res.put("baselineState", Boolean.TRUE.equals(p.pair.baseline) ? "unchanged" : "new");
        }
    }

    /** The alert text: the variable, the other access as link (1), the rates, the replay command. */
    static String message(PairView p) {
        SiteInfo a = p.site(0);
        SiteInfo b = p.site(1);
        StringBuilder m = new StringBuilder();
        String what = switch (p.kind()) {
            case HARMFUL -> "Harmful data race";
            case REAL -> "Data race";
            case UNCONFIRMED -> "Possible data race (unconfirmed)";
            case UNREACHED -> "Possible data race this input never showed (unreached)";
            case UNTRIED -> "Possible data race, not tried (analyze was stopped first)";
        };
        m.append(what).append(" on ").append(esc(Names.sourceVariable(p.variable()))).append(": ")
                .append(esc(describe(a))).append(" races with [").append(esc(describe(b))).append("](1).");
        if (p.confirmed() && p.trials > 0) {
            m.append(' ').append(String.format(Locale.ROOT, "Raced in %d of %d trials (%.0f%%)",
                    p.raced, p.trials, 100 * p.raceRate()));
            String exc = p.topException();
            if (p.thrown > 0) {
                m.append(String.format(Locale.ROOT, "; threw in %d (%.0f%%)%s", p.thrown, 100 * p.crashRate(),
                        exc == null ? "" : ": " + esc(exc)));
            }
            m.append('.');
        }
        if (p.kind() == Verdict.UNCONFIRMED) {
            m.append(" No trial created this race: a false alarm or a rare race.");
        } else if (p.kind() == Verdict.UNREACHED) {
            m.append(" No run showed either access racing: this input does not run them, or runs them only protected.");
        } else if (p.kind() == Verdict.UNTRIED) {
            m.append(" Not tried: analyze was stopped first (--resume continues).");
        }
        String predictors = p.pair.predictors == null ? "" : String.join(", ", p.pair.predictors.keySet());
        if (!predictors.isEmpty()) {
            m.append(" Predicted by ").append(esc(predictors)).append('.');
        }
        String replay = p.replay();
        if (replay != null && p.kind() != Verdict.UNCONFIRMED) {
            m.append(" Replay: ").append(esc(replay));
        }
        return m.toString();
    }

    /** "the write in LogService.master (LogService.java:29)". */
    static String describe(SiteInfo s) {
        String access = s.access() == null ? "access" : s.access();
        String where = Names.simpleClass(s.className()) + "." + Names.methodName(s.method());
        String file = s.file() == null ? "?" : s.file();
        return "the " + access + " in " + where + " (" + file + ":" + Math.max(s.line(), 0) + ")";
    }

    /** SARIF message text: literal brackets are escaped so they are not read as links. */
    static String esc(String s) {
        return s == null ? "" : s.replace("[", "\\[").replace("]", "\\]");
    }

    static ObjectNode location(SiteInfo s, SourcePaths paths, String text) {
        ObjectNode loc = JSON.createObjectNode();
        ObjectNode phys = loc.putObject("physicalLocation");
        phys.putObject("artifactLocation").put("uri", paths.uri(s.className(), s.file()));
        phys.putObject("region").put("startLine", Math.max(1, s.line()));
        if (text != null) {
            loc.putObject("message").put("text", text);
        }
        if (s.className() != null) {
            loc.putArray("logicalLocations").addObject()
                    .put("fullyQualifiedName", s.className() + "." + Names.methodName(s.method()))
                    .put("kind", "function");
        }
        return loc;
    }

    /** One threadFlow per racing access of the example: the program's frames, caller first. */
    private static ArrayNode threadFlows(PairView p, SourcePaths paths) {
        ArrayNode flows = JSON.createArrayNode();
        int index = 0;
        for (PairView.Access a : p.accesses()) {
            List<StackFrame> frames = new ArrayList<>();
            for (String f : a.stack()) {
                StackFrame sf = StackFrame.parse(f);
                if (sf.located() && !sf.platform()) {
                    frames.add(0, sf);
                }
            }
            SiteInfo s = a.site();
            String thread = a.thread() == null ? "thread " + (index + 1) : a.thread();
            ObjectNode flow = flows.addObject();
            flow.put("id", "t" + (index++) + "-" + thread);
            flow.putObject("message").put("text", "Thread " + thread);
            ArrayNode locs = flow.putArray("locations");
            for (int i = 0; i < frames.size(); i++) {
                StackFrame f = frames.get(i);
                boolean last = i == frames.size() - 1;
                String text = last ? "Thread " + thread + ": " + describe(s) : "called from " + f.method();
                ObjectNode loc = JSON.createObjectNode();
                ObjectNode phys = loc.putObject("physicalLocation");
                phys.putObject("artifactLocation").put("uri", paths.uri(f.className(), f.file()));
                phys.putObject("region").put("startLine", f.line());
                loc.putObject("message").put("text", text);
                locs.addObject().put("nestingLevel", i).set("location", loc);
            }
            if (frames.isEmpty() || frames.get(frames.size() - 1).line() != s.line()) {
                locs.addObject().put("nestingLevel", frames.size())
                        .set("location", location(s, paths, "Thread " + thread + ": " + describe(s)));
            }
        }
        return flows;
    }

    /** Pairs with the same base are numbered in bytecode order, so the numbers survive reruns. */
    static Map<PairView, String> fingerprints(List<PairView> pairs) {
        List<PairView> ordered = new ArrayList<>(pairs);
        ordered.sort(Comparator.comparing(SarifReport::fingerprintBase)
                .thenComparingInt((PairView p) -> p.site(0).bci())
                .thenComparingInt(p -> p.site(1).bci())
                .thenComparing(p -> p.pair.key == null ? "" : p.pair.key));
        Map<PairView, String> out = new IdentityHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        for (PairView p : ordered) {
            String base = fingerprintBase(p);
            out.put(p, base + ":" + seen.merge(base, 1, Integer::sum));
        }
        return out;
    }

    /**
     * Stable when lines move: the variable and both methods with their access kinds, sorted; the
     * caller appends the occurrence among pairs with the same base (in bytecode order).
     */
    static String fingerprintBase(PairView p) {
        String a = p.site(0).className() + "." + p.site(0).method() + ":" + p.site(0).access();
        String b = p.site(1).className() + "." + p.site(1).method() + ":" + p.site(1).access();
        String key = p.variable() + "|" + (a.compareTo(b) <= 0 ? a + "|" + b : b + "|" + a);
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

}
