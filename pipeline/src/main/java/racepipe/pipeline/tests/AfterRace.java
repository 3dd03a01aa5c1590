package racepipe.pipeline.tests;

import java.util.List;
import java.util.Locale;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.SiteInfo;

/**
 * A test's failure after its race, as the pair's harm. A test checks its result after joining its
 * threads (an {@code assertEquals} after {@code join}): the failure is thrown far from the racing
 * statements, so analyze's attribution (a stack through a racing method, or one order crashing
 * more often) misses it when every order loses the update. Here the test itself is the control:
 * it passes without racepipe, so when it fails in raced trials, after the race, and never in the
 * trials where the pair did not race, the failure is the race's. Each order's failures are
 * counted: where only one order fails, that order is named the harmful one.
 */
final class AfterRace {
    private AfterRace() {
    }

    /** Why the pair is harmful, with the test's failure message; null when the failure is not the race's. */
    static String harm(SiteInfo a, SiteInfo b, List<TrialResult> trials) {
        int raced = 0, failed = 0, failedUnraced = 0;
        int[] first = new int[2], failedFirst = new int[2];
        TrialResult.Thrown example = null;
        for (TrialResult t : trials) {
            boolean fails = t.outcome() == Outcome.EXCEPTION && t.exception() != null;
            if (!t.raced()) {
                failedUnraced += fails ? 1 : 0;
                continue;
            }
            raced++;
            int o = order(t, a, b);
            if (o >= 0) {
                first[o]++;
            }
            if (fails && t.exception().afterRace()) {
                failed++;
                if (o >= 0) {
                    failedFirst[o]++;
                }
                if (example == null) {
                    example = t.exception();
                }
            }
        }
        if (failed == 0 || failedUnraced > 0) {
            return null;
        }
        String orders = "";
        if (!a.key().equals(b.key()) && first[0] + first[1] > 0) {
            for (int o = 0; o < 2; o++) {
                if (failedFirst[o] > 0 && failedFirst[1 - o] == 0 && first[1 - o] > 0) {
                    SiteInfo s = o == 0 ? a : b;
                    orders = String.format(Locale.ROOT, "; the harmful order: %s:%d first (fails %d/%d, the other order 0/%d)",
                            s.file(), s.line(), failedFirst[o], first[o], first[1 - o]);
                }
            }
            if (orders.isEmpty()) {
                orders = String.format(Locale.ROOT, "; fails in both orders (%s:%d first %d/%d, %s:%d first %d/%d)", a.file(), a.line(),
                        failedFirst[0], first[0], b.file(), b.line(), failedFirst[1], first[1]);
            }
        }
        return String.format(Locale.ROOT, "the test fails after the race in %d of %d raced trials and passes without racepipe: %s%s%s",
                failed, raced, example.type().substring(example.type().lastIndexOf('.') + 1),
                example.message() == null ? "" : ": " + firstLine(example.message()), orders);
    }

    /** 0 when site a's access ran first in the trial's race, 1 when b's, -1 unknown. */
    private static int order(TrialResult t, SiteInfo a, SiteInfo b) {
        TrialResult.Race race = t.race();
        if (race == null) {
            return -1;
        }
        for (TrialResult.Access acc : race.accesses()) {
            if (String.valueOf(acc.thread()).equals(String.valueOf(race.first()))) {
                return acc.site().equals(a.key()) ? 0 : acc.site().equals(b.key()) ? 1 : -1;
            }
        }
        return -1;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
