package racepipe.pipeline.report;

import racepipe.pipeline.model.TrialSummary;
import racepipe.contract.TrialResult;
import java.util.List;
import java.util.Map;
import racepipe.pipeline.model.SiteInfo;

/** One pair of the HTML report: verdict, variable, both accesses, rates, stacks and replay. */
final class PairSection {
    private static final int MAX_TRIALS = 20;

    private PairSection() {
    }

    static String html(PairView p, int index, long runs) {
        Verdict v = p.kind();
        StringBuilder b = new StringBuilder();
        b.append("<section class=\"pair v-").append(v.name).append("\" id=\"pair-").append(index).append("\">");
        b.append("<header><span class=\"badge b-").append(v.name).append("\">").append(Html.esc(v.name))
                .append("</span>");
        if (p.pair.label != null) {
            b.append("<span class=\"label\">").append(Html.esc(p.pair.label)).append("</span>");
        }
        b.append("<h3 title=\"").append(Html.esc(p.variable())).append("\">")
                .append(Html.esc(Names.shortVariable(p.variable()))).append("</h3>")
                .append("<span class=\"fqn\">").append(Html.esc(p.variable())).append("</span>");
        if (p.pair.variables != null) {
            b.append("<span class=\"fqn\">also ").append(p.pair.induced() ? "raced on " : "may race on ").append(Html.esc(String.join(", ",
                    p.pair.variables.stream().filter(x -> !x.equals(p.pair.variable)).toList()))).append("</span>");
        }
        if (Boolean.TRUE.equals(p.pair.baseline)) {
            b.append("<span class=\"flag\" title=\"in the --baseline report; not counted for the exit code\">known</span>");
        }
        if (p.pair.suppressed != null) {
            b.append("<span class=\"flag\" title=\"a --suppress line covers it; not counted for the exit code\">suppressed: ")
                    .append(Html.esc(p.pair.suppressed)).append("</span>");
        }
        if (p.pair.truth != null) {
            b.append("<span class=\"truth\">truth: ").append(Html.esc(p.pair.truth)).append("</span>");
        }
        b.append("</header>");
        stats(b, p);
        why(b, p);
        predictors(b, p, runs);
        b.append("<div class=\"accesses\">");
        access(b, p, 0);
        access(b, p, 1);
        b.append("</div>");
        exception(b, p);
        String replay = p.replay();
        if (replay != null) {
            b.append("<div class=\"replay\"><div class=\"replay-head\">Replay this trial")
                    .append("<button type=\"button\" class=\"copy\" onclick=\"copyCmd(this)\">copy</button></div>")
                    .append("<pre class=\"cmd\"><code>").append(Html.esc(replay)).append("</code></pre></div>");
        }
        details(b, p);
        b.append("</section>");
        return b.toString();
    }

    private static void stats(StringBuilder b, PairView p) {
        b.append("<div class=\"stats\">");
        if (!p.confirmed()) {
            b.append("<span class=\"muted\">not confirmed: no trials ran</span></div>");
            return;
        }
        meter(b, "raced", p.raced, p.trials, p.raceRate(), "m-race");
        meter(b, "threw", p.thrown, p.trials, p.crashRate(), "m-crash");
        b.append("<div class=\"outcomes\">");
        for (Map.Entry<String, Integer> e : p.pair.confirm.outcomes.entrySet()) {
            long n = e.getValue();
            if (n > 0) {
                b.append("<span class=\"chip o-").append(Html.esc(e.getKey())).append("\">")
                        .append(Html.esc(e.getKey())).append(" ").append(n).append("</span>");
            }
        }
        long watchdog = p.pair.confirm.watchdogFirings;
        if (watchdog > 0) {
            b.append("<span class=\"chip o-timeout\">watchdog fired ").append(watchdog).append("</span>");
        }
        b.append("</div></div>");
    }

    /** Why a pair that threw is only real (the crash is another race's), and notes on how it was tried. */
    private static void why(StringBuilder b, PairView p) {
        var c = p.pair.confirm;
        if (c == null) {
            return;
        }
        if (c.attribution != null) {
            b.append("<div class=\"why\">exceptions: ").append(Html.esc(c.attribution)).append("</div>");
        }
        if (c.note != null) {
            b.append("<div class=\"why\">").append(Html.esc(c.note)).append("</div>");
        }
        if (c.settled != null && c.max != null) {
            b.append("<div class=\"why\">").append(c.trials).append(" of at most ").append(c.max).append(" trials: ")
                    .append(Html.esc(c.settled)).append("</div>");
        }
    }

    private static void meter(StringBuilder b, String what, long n, long of, double rate, String css) {
        b.append("<div class=\"meter ").append(css).append("\"><div class=\"meter-label\"><b>")
                .append(Html.pct(rate)).append("</b> ").append(what).append(" <span class=\"muted\">")
                .append(n).append(" / ").append(of).append(" trials</span></div><div class=\"track\"><span style=\"width:")
                .append(String.format(java.util.Locale.ROOT, "%.1f", 100 * Math.min(1, rate)))
                .append("%\"></span></div></div>");
    }

    private static void predictors(StringBuilder b, PairView p, long runs) {
        Map<String, Object> pr = p.pair.predictors;
        if (pr == null || pr.isEmpty()) {
            return;
        }
        b.append("<div class=\"predictors\"><span class=\"muted\">predicted by</span>");
        List<Map.Entry<String, Object>> entries = new java.util.ArrayList<>(pr.entrySet());
        entries.sort(java.util.Comparator.comparingInt((Map.Entry<String, Object> e) -> {
            int i = PredictorSets.ORDER.indexOf(e.getKey());
            return i < 0 ? PredictorSets.ORDER.size() : i;
        }).thenComparing(Map.Entry::getKey));
        for (Map.Entry<String, Object> e : entries) {
            String name = e.getKey();
            if (name.contains(":") && pr.containsKey(name.substring(0, name.indexOf(':')))) {
                continue;
            }
            b.append("<span class=\"chip p-").append(Html.esc(name.replace(':', '-'))).append("\">");
            if (e.getValue() instanceof Boolean) {
                String engines = engines(pr, name);
                b.append(Html.esc(PredictorSets.title(name))).append(engines.isEmpty() ? "" : " (" + Html.esc(engines) + ")");
            } else {
                b.append(Html.esc(PredictorSets.title(name))).append(" ").append(Html.esc(e.getValue()));
                b.append(runs > 0 ? "/" + runs + " runs" : " runs");
            }
            b.append("</span>");
        }
        b.append("</div>");
    }

    private static String engines(Map<String, Object> pr, String name) {
        StringBuilder s = new StringBuilder();
        for (String k : pr.keySet()) {
            if (k.startsWith(name + ":")) {
                s.append(s.length() == 0 ? "" : ", ").append(k.substring(name.length() + 1));
            }
        }
        return s.toString();
    }

    private static void access(StringBuilder b, PairView p, int i) {
        SiteInfo s = p.site(i);
        PairView.Access a = p.accessAt(i);
        b.append("<div class=\"access\"><div class=\"where\"><span class=\"kind k-")
                .append(Html.esc(s.access())).append("\">").append(Html.esc(s.access() == null ? "access" : s.access()))
                .append("</span> <code class=\"loc\">").append(Html.esc(s.file() == null ? "?" : s.file())).append(":")
                .append(Math.max(0, s.line())).append("</code></div><div class=\"method\"><code>")
                .append(Html.esc(Names.simpleClass(s.className()))).append(".")
                .append(Html.esc(Names.methodName(s.method()))).append("()</code>");
        if (a != null && a.thread() != null) {
            b.append(" <span class=\"muted\">in thread</span> <code>").append(Html.esc(a.thread())).append("</code>");
        }
        b.append("</div>");
        if (!s.library().isEmpty()) { // a call into a dependency or java.util: the library code whose accesses count here
            b.append("<div class=\"lib small\"><span class=\"muted\">inside the call:</span>");
            s.library().forEach(f -> b.append(" <code>").append(Html.esc(f)).append("</code>"));
            b.append("</div>");
        }
        if (a != null && !a.stack().isEmpty()) {
            stack(b, a.stack());
        } else if (s.key() != null) {
            b.append("<div class=\"muted small\">").append(Html.esc(s.key())).append("</div>");
        }
        b.append("</div>");
    }

    static void stack(StringBuilder b, List<String> frames) {
        b.append("<ol class=\"stack\">");
        for (String f : frames) {
            boolean platform = StackFrame.parse(f).platform();
            b.append("<li").append(platform ? " class=\"plat\"" : "").append(">").append(Html.esc(f)).append("</li>");
        }
        b.append("</ol>");
    }

    private static void exception(StringBuilder b, PairView p) {
        TrialResult example = p.example();
        TrialResult.Thrown exc = example == null ? null : example.exception();
        String top = p.topException();
        if (exc == null && top == null) {
            return;
        }
        b.append("<div class=\"exception\"><div class=\"exc-head\"><b>")
                .append(Html.esc(exc == null ? top : exc.type())).append("</b>");
        String thread = exc == null ? null : exc.thread();
        if (thread != null) {
            b.append(" <span class=\"muted\">in thread</span> <code>").append(Html.esc(thread)).append("</code>");
        }
        if (exc != null && exc.afterRace()) {
            b.append(" <span class=\"muted\">after the race</span>");
        }
        b.append("</div>");
        String msg = exc == null ? null : exc.message();
        if (msg != null) {
            b.append("<div class=\"exc-msg\">").append(Html.esc(msg)).append("</div>");
        }
        List<String> frames = Names.frames(exc == null ? null : exc.stack());
        if (!frames.isEmpty()) {
            stack(b, frames);
        }
        Map<String, Integer> all = p.pair.confirm == null ? Map.of() : p.pair.confirm.exceptions;
        if (all.size() > 1) {
            b.append("<div class=\"small\">");
            all.forEach((k, n) -> b.append("<span class=\"chip\">").append(Html.esc(k)).append(" ")
                    .append(Html.esc(n)).append("</span>"));
            b.append("</div>");
        }
        b.append("</div>");
    }

    /** At most this many rows of the unreached or untried list; the rest are in report.json. */
    static final int MAX_LISTED = 500;

    /** The unreached or untried pairs: one row each (variable, accesses, predictors, tier). */
    static void list(StringBuilder b, Verdict v, List<PairView> pairs) {
        if (pairs.isEmpty()) {
            return;
        }
        b.append("<section class=\"card list v-").append(v.name).append("\" id=\"").append(v.name).append("\"><h2>")
                .append(pairs.size()).append(' ').append(Html.esc(v.name)).append(pairs.size() == 1 ? " pair" : " pairs")
                .append("</h2><div class=\"legend\">").append(Html.esc(v.description)).append("</div>")
                .append("<table class=\"trials\"><thead><tr><th>variable</th><th>access 1</th><th>access 2</th>")
                .append("<th>predicted by</th><th>Phase 1 saw</th><th>trials</th></tr></thead><tbody>");
        for (PairView p : pairs.subList(0, Math.min(MAX_LISTED, pairs.size()))) {
            b.append("<tr><td><code title=\"").append(Html.esc(p.variable())).append("\">")
                    .append(Html.esc(Names.shortVariable(p.variable()))).append("</code></td>");
            for (int i = 0; i < 2; i++) {
                SiteInfo s = p.site(i);
                b.append("<td><code title=\"").append(Html.esc(s.key())).append("\">")
                        .append(Html.esc(s.file() == null ? "?" : s.file())).append(':').append(Math.max(0, s.line()))
                        .append("</code> ").append(Html.esc(s.access())).append("</td>");
            }
            String by = p.pair.predictors == null ? "" : String.join(", ", p.pair.predictors.keySet().stream()
                    .filter(k -> !k.contains(":")).toList());
            b.append("<td>").append(Html.esc(by)).append("</td><td>").append(Html.esc(p.pair.tier)).append("</td><td>")
                    .append(p.trials).append("</td></tr>");
        }
        b.append("</tbody></table>");
        if (pairs.size() > MAX_LISTED) {
            b.append("<div class=\"muted small\">").append(pairs.size() - MAX_LISTED).append(" more in report.json</div>");
        }
        b.append("</section>");
    }

    private static void details(StringBuilder b, PairView p) {
        Map<String, Object> ev = p.pair.evidence;
        List<TrialSummary> trials = p.pair.trials;
        if ((ev == null || ev.isEmpty()) && (trials == null || trials.isEmpty())) {
            return;
        }
        b.append("<details><summary>Evidence and trials</summary>");
        if (ev != null && !ev.isEmpty()) {
            b.append("<table class=\"kv\">");
            ev.forEach((k, x) -> b.append("<tr><th>").append(Html.esc(k)).append("</th><td><code>")
                    .append(Html.esc(x)).append("</code></td></tr>"));
            b.append("</table>");
        }
        if (trials != null && !trials.isEmpty()) {
            b.append("<table class=\"trials\"><thead><tr><th>seed</th><th>raced</th><th>outcome</th>")
                    .append("<th>exception</th><th>schedule</th></tr></thead><tbody>");
            for (TrialSummary t : trials.subList(0, Math.min(MAX_TRIALS, trials.size()))) {
                b.append("<tr><td><code>").append(t.seed()).append("</code></td><td>")
                        .append(t.raced()).append("</td><td>")
                        .append(Html.esc(t.outcome())).append("</td><td class=\"small\">")
                        .append(Html.esc(t.exception())).append("</td><td><code>")
                        .append(Html.esc(t.schedule())).append("</code></td></tr>");
            }
            b.append("</tbody></table>");
            if (trials.size() > MAX_TRIALS) {
                b.append("<div class=\"muted small\">").append(trials.size() - MAX_TRIALS)
                        .append(" more trials in report.json</div>");
            }
        }
        b.append("</details>");
    }
}
