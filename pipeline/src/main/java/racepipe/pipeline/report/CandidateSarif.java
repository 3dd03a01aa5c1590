package racepipe.pipeline.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import racepipe.contract.CandidateKind;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;

/**
 * SARIF for the candidates of the other kinds: one rule per kind, one result per candidate that a
 * trial showed (or that stayed unconfirmed, as a note); locations[0] its first site, the others
 * related and linked from the message; error when shown to happen, note otherwise.
 */
final class CandidateSarif {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private CandidateSarif() {
    }

    static void add(ResultFile r, ArrayNode rules, ArrayNode results, SourcePaths paths) {
        if (r == null) {
            return;
        }
        for (CandidateKind k : CandidateKind.values()) {
            if (k == CandidateKind.RACE) {
                continue;
            }
            List<Candidate> cs = r.candidates(k).stream().filter(c -> c.verdict != null && !c.sites.isEmpty()).toList();
            if (cs.isEmpty()) {
                continue;
            }
            int index = rules.size();
            String id = "racepipe." + k.label;
            ObjectNode rule = rules.addObject();
            rule.put("id", id);
            rule.put("name", k == CandidateKind.LOCK_CYCLE ? "Deadlock" : "AtomicityViolation");
            String what = k == CandidateKind.LOCK_CYCLE
                    ? "Threads take the same locks in opposite orders: each can hold one lock while waiting for the other's."
                    : "Another thread's access can come between the accesses of a block meant to be atomic.";
            rule.putObject("shortDescription").put("text", k == CandidateKind.LOCK_CYCLE ? "deadlock" : "atomicity violation");
            rule.putObject("fullDescription").put("text", what);
            rule.putObject("help").put("text", what + " Replay the seed to see it; take the locks in one order everywhere,"
                    + " or hold one lock over the whole block.");
            rule.putObject("defaultConfiguration").put("level", "error");
            rule.putObject("properties").put("precision", "very-high").putArray("tags").add("concurrency").add(k.label);
            for (Candidate c : cs) {
                ObjectNode res = results.addObject();
                res.put("ruleId", id);
                res.put("ruleIndex", index);
                res.put("level", c.counted() ? "error" : "note");
                StringBuilder msg = new StringBuilder(k.label + " " + c.verdict + ": " + SarifReport.describe(c.sites.get(0)));
                ArrayNode related = F.arrayNode();
                for (int i = 1; i < c.sites.size(); i++) {
                    SiteInfo s = c.sites.get(i);
                    msg.append(i == c.sites.size() - 1 ? " and " : ", ").append('[').append(SarifReport.esc(SarifReport.describe(s)))
                            .append("](").append(i).append(')');
                    ObjectNode loc = SarifReport.location(s, paths, SarifReport.describe(s));
                    loc.put("id", i);
                    related.add(loc);
                }
                if (c.confirm != null && c.confirm.replay != null) {
                    msg.append(". Replay: ").append(c.confirm.replay);
                }
                res.putObject("message").put("text", msg.toString());
                res.putArray("locations").add(SarifReport.location(c.sites.get(0), paths, null));
                res.set("relatedLocations", related);
                res.putObject("partialFingerprints").put(SarifReport.FINGERPRINT, c.key);
                res.putObject("properties").put("verdict", c.verdict);
            }
        }
    }
}
