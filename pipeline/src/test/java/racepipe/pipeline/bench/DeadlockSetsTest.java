package racepipe.pipeline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.contract.CandidateKind;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;

class DeadlockSetsTest {
    @TempDir
    Path src;

    /** Main.java: a (3), b (4) a real cycle; g (5), h (6) a gated one, false. */
    private CycleTruth truth() throws Exception {
        Path dir = Files.createDirectories(src.resolve("benchmarks/demo"));
        Files.writeString(dir.resolve("Main.java"), "class Main {\n\n sync(x) { // @lock a\n sync(y) { // @lock b\n"
                + " sync(p) { // @lock g\n sync(q) { // @lock h\n}\n");
        String tsv = "# cycle\tlocks\ttruth\twhy\nD1\ta b\tdeadlock\topposite orders\nG1\tg h\tfalse\tgated\n";
        return CycleTruth.load("demo", new ByteArrayInputStream(tsv.getBytes(StandardCharsets.UTF_8)), src);
    }

    private static Candidate cycle(String verdict, int... lines) {
        List<SiteInfo> sites = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            sites.add(new SiteInfo("Main.m()V@" + (10 * lines[i] + i), "Main", "m", 10 * lines[i] + i, "Main.java", lines[i], "acquire"));
        }
        Candidate c = new Candidate(CandidateKind.LOCK_CYCLE, sites);
        c.predictors.put("igoodlock", 1);
        c.verdict = verdict;
        return c;
    }

    private static ResultFile result(Candidate... cs) {
        ResultFile r = new ResultFile();
        r.candidates(CandidateKind.LOCK_CYCLE, new ArrayList<>(List.of(cs)));
        return r;
    }

    @Test
    void match_should_take_the_set_of_acquire_lines_whatever_their_order_and_repeats() throws Exception {
        CycleTruth t = truth();
        assertEquals("D1", t.match(cycle("confirmed", 3, 4, 3, 4)).name());
        assertEquals("D1", t.match(cycle("confirmed", 4, 3, 4, 3)).name());
        assertNull(t.match(cycle("confirmed", 3, 4, 5, 6)), "more lines than the truth cycle's: another cycle");
        assertNull(t.match(cycle("confirmed", 3)));
    }

    @Test
    void confirmed_real_cycle_should_hold_both_checks() throws Exception {
        Map<String, Boolean> checks = new LinkedHashMap<>();
        Map<String, Object> dl = DeadlockSets.of(result(cycle("confirmed", 3, 4, 3, 4)), truth(), checks);
        assertEquals(Map.of("igoodlock", 1, "static", 0, "candidates", 1, "confirmed", 1, "real", 1, "truth", 1), dl.get("sizes"));
        assertTrue(checks.values().stream().allMatch(v -> v), checks.toString());
    }

    @Test
    void false_cycle_confirmed_or_real_cycle_missed_should_fail_its_check() throws Exception {
        Map<String, Boolean> checks = new LinkedHashMap<>();
        DeadlockSets.of(result(cycle("unconfirmed", 3, 4), cycle("confirmed", 5, 6, 5, 6)), truth(), checks);
        assertFalse(checks.get("Confirmed cycles ⊆ Real cycles"));
        assertFalse(checks.get("Real cycles confirmed"));
    }

    @Test
    void unlisted_cycle_should_be_shown_and_no_check_made_without_a_truth_file() {
        Map<String, Boolean> checks = new LinkedHashMap<>();
        Map<String, Object> dl = DeadlockSets.of(result(cycle("confirmed", 8, 9)), CycleTruth.none(), checks);
        assertTrue(checks.isEmpty());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> cycles = (List<Map<String, Object>>) dl.get("cycles");
        assertEquals("unlisted, confirmed", DeadlockSets.flag(cycles.get(0)));
    }

    @Test
    void truth_other_than_deadlock_or_false_should_be_refused() {
        String tsv = "D1\ta b\tharmful\twhy\n";
        assertThrows(IllegalArgumentException.class,
                () -> CycleTruth.load("demo", new ByteArrayInputStream(tsv.getBytes(StandardCharsets.UTF_8)), src));
    }
}
