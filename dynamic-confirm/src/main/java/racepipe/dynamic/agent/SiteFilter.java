package racepipe.dynamic.agent;

import java.util.Set;
import racepipe.contract.SiteKey;

/**
 * Which access instructions of application code the agent watches: every one, only some (a
 * Phase 2 trial watches its pair), and never those named unwatched (accesses the static engine
 * proves thread-local: no other thread ever touches their objects, so no detector could pair
 * them).
 */
final class SiteFilter {
    static final SiteFilter ALL = new SiteFilter(null, Set.of());

    private final Set<String> only;      // null: every site
    private final Set<String> unwatched;

    SiteFilter(Set<String> only, Set<String> unwatched) {
        this.only = only;
        this.unwatched = unwatched;
    }

    static SiteFilter only(Set<String> sites) {
        return sites == null ? ALL : new SiteFilter(sites, Set.of());
    }

    /** Whether the access (or java.util call) at this instruction is watched. */
    boolean watches(String owner, String method, String desc, int bci) {
        if (only == null && unwatched.isEmpty()) {
            return true;
        }
        String key = SiteKey.of(owner, method, desc, bci);
        return (only == null || only.contains(key)) && !unwatched.contains(key);
    }
}
