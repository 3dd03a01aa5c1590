package racepipe.pipeline.report;

import java.util.List;
import racepipe.contract.CandidateKind;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;

/**
 * report.html's section per candidate kind (deadlocks, atomicity): a card per candidate with its
 * verdict, its sites in order, per participant its thread, lock and stack (from the run that
 * predicted it, and from the trial that showed it), the trials' totals and the replay command.
 */
final class CandidateHtml {
    private CandidateHtml() {
    }

    static void html(StringBuilder b, ResultFile r) {
        for (CandidateKind k : CandidateKind.values()) {
            if (k == CandidateKind.RACE) {
                continue;
            }
            List<Candidate> cs = r.candidates(k);
            if (cs.isEmpty()) {
                continue;
            }
            b.append("<h2 id=\"").append(k.section).append("\">").append(k == CandidateKind.LOCK_CYCLE ? "Deadlocks" : "Atomicity")
                    .append("</h2>");
            int i = 0;
            for (Candidate c : cs) {
                b.append("<div class=\"card\"><h3>").append(++i).append(". ").append(Html.esc(c.verdict == null ? "untried" : c.verdict))
                        .append(" <span class=\"muted\">predicted by ").append(Html.esc(String.join(", ", c.predictors.keySet())))
                        .append("</span></h3><ol>");
                for (int s = 0; s < c.sites.size(); s++) {
                    SiteInfo site = c.sites.get(s);
                    b.append("<li><code>").append(Html.esc(site.file() + ":" + site.line())).append("</code> ")
                            .append(Html.esc(site.className() + "." + Names.methodName(site.method())));
                    int who = s / 2; // a lock cycle: two acquires per thread
                    if (c.threads != null && who < c.threads.size() && s % 2 == 1) {
                        b.append(" <span class=\"muted\">thread ").append(Html.esc(c.threads.get(who)))
                                .append(c.locks != null && who < c.locks.size() ? ", wants " + Html.esc(c.locks.get(who)) : "")
                                .append("</span>");
                        if (c.stacks != null && who < c.stacks.size() && c.stacks.get(who) != null) {
                            b.append("<pre>").append(Html.esc(c.stacks.get(who).replace(" <- ", "\n"))).append("</pre>");
                        }
                    }
                    b.append("</li>");
                }
                b.append("</ol>");
                if (c.confirm != null) {
                    b.append("<div>").append(c.confirm.raced).append(" of ").append(c.confirm.trials).append(" trials showed it");
                    if (c.confirm.settled != null) {
                        b.append(" (").append(Html.esc(c.confirm.settled)).append(')');
                    }
                    b.append("</div>");
                    TrialResult ex = c.confirm.examples == null ? null : c.confirm.examples.best();
                    if (ex != null && ex.note() != null) {
                        b.append("<pre>").append(Html.esc(ex.note())).append("</pre>");
                    }
                    if (ex != null && ex.deadlock() != null) {
                        b.append("<pre>").append(Html.esc(ex.deadlock().replace(" | ", "\n"))).append("</pre>");
                    }
                    if (c.confirm.replay != null) {
                        b.append("<div>replay: <code>").append(Html.esc(c.confirm.replay)).append("</code></div>");
                    }
                }
                b.append("</div>");
            }
        }
    }
}
