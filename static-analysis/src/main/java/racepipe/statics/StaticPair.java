package racepipe.statics;

import java.util.Map;
import racepipe.contract.SiteKey;

/**
 * Two sites that may race (a == b allowed: one statement run by two threads). {@code a} has the
 * smaller key. Evidence: the two abstract threads, the shared abstract objects, both locksets.
 */
public record StaticPair(StaticSite a, StaticSite b, String variable, Map<String, Object> evidence) {

    public StaticPair {
        if (a.key().compareTo(b.key()) > 0) {
            StaticSite t = a;
            a = b;
            b = t;
        }
        evidence = Map.copyOf(evidence);
    }

    public String key() {
        return SiteKey.pair(a.key(), b.key());
    }
}
