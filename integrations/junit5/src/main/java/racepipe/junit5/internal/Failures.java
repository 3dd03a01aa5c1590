package racepipe.junit5.internal;

import java.util.List;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.Confirm;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.report.AccessLines;

/**
 * The failure message of a @RaceTest that raced: per confirmed pair the variable and verdict,
 * both accesses as {@code File.java:LINE} with their threads and stacks, the exception of a
 * harmful race, and the seed with the annotation (or property) that replays it.
 */
public final class Failures {
    /** Pairs shown in full; the report has the rest. */
    static final int SHOWN = 5;

    private Failures() {
    }

    /** {@code test}: Class.method as people name it; {@code selector}: Class#method for surefire's -Dtest. */
    public static String races(List<RacePair> confirmed, String test, String selector, String report) {
        StringBuilder sb = new StringBuilder();
        sb.append("racepipe: ").append(confirmed.size()).append(confirmed.size() == 1 ? " data race" : " data races")
                .append(" confirmed in ").append(test).append(" (report: ").append(report).append(')');
        for (RacePair p : confirmed.subList(0, Math.min(SHOWN, confirmed.size()))) {
            sb.append('\n').append(pair(p, selector));
        }
        if (confirmed.size() > SHOWN) {
            sb.append("\n... and ").append(confirmed.size() - SHOWN).append(" more in the report");
        }
        return sb.toString();
    }

    /**
     * The failure message of a @RaceTest whose trials made an atomicity violation or a deadlock
     * happen: per candidate its kind, verdict, lines in the kind's order (an atomic block's check,
     * act and the other thread's operation), the exception, and racepipe's replay command.
     */
    public static String others(List<Candidate> shown, String test, String report) {
        StringBuilder sb = new StringBuilder("racepipe: ");
        sb.append(shown.size()).append(shown.size() == 1 ? " bug" : " bugs").append(" other than a data race shown in ")
                .append(test).append(" (report: ").append(report).append(')');
        for (Candidate c : shown.subList(0, Math.min(SHOWN, shown.size()))) {
            sb.append('\n').append("atomicity".equals(c.kind) ? "atomicity violation" : c.kind).append(": ").append(c.verdict);
            if (c.confirm != null) {
                sb.append(" (shown in ").append(c.confirm.raced).append(" of ").append(c.confirm.trials).append(" trials)");
            }
            sb.append("\n  at ").append(String.join(" -> ", c.sites.stream().map(s -> s.file() + ":" + s.line()).toList()));
            TrialResult t = c.confirm == null || c.confirm.examples == null ? null : c.confirm.examples.best();
            if (t != null && t.exception() != null) {
                sb.append("\n  then threw ").append(t.exception().type())
                        .append(t.exception().message() == null ? "" : ": " + t.exception().message())
                        .append(" in thread ").append(t.exception().thread());
            }
            if (c.confirm != null && c.confirm.replay != null) {
                sb.append("\n  replay: ").append(c.confirm.replay);
            }
        }
        if (shown.size() > SHOWN) {
            sb.append("\n... and ").append(shown.size() - SHOWN).append(" more in the report");
        }
        return sb.toString();
    }

    static String pair(RacePair p, String selector) {
        StringBuilder sb = new StringBuilder();
        Confirm c = p.confirm;
        sb.append("race on ").append(p.variable).append(": ").append(p.verdict);
        if (c != null) {
            sb.append(" (raced in ").append(c.raced).append(" of ").append(c.trials).append(" trials)");
        }
        TrialResult t = c == null || c.examples == null ? null : c.examples.best();
        AccessLines.of(p.sites, t, p.variable).forEach(l -> sb.append("\n  ").append(l));
        if (t != null && t.exception() != null) {
            TrialResult.Thrown e = t.exception();
            sb.append("\n  then threw ").append(e.type()).append(e.message() == null ? "" : ": " + e.message())
                    .append(" in thread ").append(e.thread());
            AccessLines.frames(sb, e.stack());
        }
        if (t != null) {
            String spec = p.sites.get(0).key() + " " + p.sites.get(1).key() + " " + t.seed()
                    + ("racefuzzer".equals(t.scheduler()) || t.scheduler() == null ? "" : " " + t.scheduler());
            sb.append("\n  seed ").append(t.seed()).append("; replay it with @RaceTest(replay = \"").append(spec).append("\")")
                    .append("\n    or: mvn test -Dtest=").append(selector).append(" '-Dracepipe.replay=").append(spec).append('\'');
        }
        return sb.toString();
    }

}
