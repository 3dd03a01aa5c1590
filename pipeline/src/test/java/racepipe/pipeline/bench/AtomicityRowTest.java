package racepipe.pipeline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.contract.CandidateKind;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;

class AtomicityRowTest {
    @TempDir
    Path src;

    /** Lines 3 (check), 4 (act), 5 (guardCheck), 6 (guardAct) of Main.java; check-act real, the guarded block false. */
    private Truth truth() throws Exception {
        Path dir = Files.createDirectories(src.resolve("benchmarks/demo"));
        Files.writeString(dir.resolve("Main.java"), "class Main {\n\n a(); // @site check\n b(); // @site act\n"
                + " c(); // @site guardCheck\n d(); // @site guardAct\n}\n");
        String tsv = "# block\tsite\tsite\ttruth\twhy\nA1\tcheck\tact\tharmful\twhy\nF1\tguardCheck\tguardAct\tfalse\twhy\n";
        return Truth.load("demo", new ByteArrayInputStream(tsv.getBytes(StandardCharsets.UTF_8)), src);
    }

    private static SiteInfo site(int line) {
        return new SiteInfo("demo/Main.m()V@" + line, "demo.Main", "m", line, "Main.java", line, "write");
    }

    private static Candidate block(int first, int second, int other, String verdict) {
        Candidate c = new Candidate(CandidateKind.ATOMIC_BLOCK, List.of(site(first), site(second), site(other)));
        c.predictors.put("velodrome", 1);
        c.verdict = verdict;
        return c;
    }

    private static ResultFile report(Candidate... cs) {
        ResultFile r = new ResultFile();
        r.atomicity = new ArrayList<>(List.of(cs));
        return r;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> m(Map<String, Object> json, String k) {
        return (Map<String, Object>) json.get(k);
    }

    @Test
    void one_block_with_two_interleavings_should_count_once_with_its_best_verdict() throws Exception {
        AtomicityRow a = new AtomicityRow(report(block(3, 4, 3, "unconfirmed"), block(3, 4, 4, "harmful")), truth());
        Map<String, Object> sizes = m(a.json, "sizes");
        assertEquals(1, sizes.get("predicted"));
        assertEquals(1, sizes.get("velodrome"));
        assertEquals(1, sizes.get("induced"));
        assertEquals(1, sizes.get("real"));
        assertEquals(1, sizes.get("harmful"));
        assertTrue(a.check);
        Map<String, Object> first = ((List<Map<String, Object>>) a.json.get("blocks")).get(0);
        assertEquals("A1", first.get("label"));
        assertEquals("harmful", first.get("verdict"));
        assertEquals(List.of("Main.java:3", "Main.java:4", "Main.java:4"), first.get("lines"));
        assertEquals(1.0, m(a.json, "quality").get("recall"));
    }

    @Test
    void a_false_block_induced_should_break_the_check() throws Exception {
        AtomicityRow a = new AtomicityRow(report(block(5, 6, 5, "real")), truth());
        assertFalse(a.check);
        assertEquals(List.of("F1"), m(a.json, "truth").get("falseInduced"));
        assertEquals(List.of("A1"), m(a.json, "truth").get("realNotConfirmed"));
        assertEquals(0.0, m(a.json, "quality").get("recall"));
    }

    @Test
    void without_a_truth_file_should_show_the_sets_and_make_no_check() {
        AtomicityRow a = new AtomicityRow(report(block(3, 4, 3, "real")), null);
        assertNull(a.check);
        assertNull(m(a.json, "sizes").get("real"));
        assertEquals(1L, m(a.json, "truth").get("unlistedInduced"));
    }

    @Test
    void an_unlisted_induced_block_should_break_the_check_where_a_truth_file_exists() throws Exception {
        AtomicityRow a = new AtomicityRow(report(block(3, 5, 3, "real")), truth());
        assertFalse(a.check, "a block the truth file does not list is not real");
    }

    @Test
    void the_static_engines_blocks_should_count_with_those_it_alone_predicted_and_check_its_containments() throws Exception {
        Candidate both = block(3, 4, 3, "harmful");
        both.predictors.put("static", true);
        Candidate staticOnly = new Candidate(CandidateKind.ATOMIC_BLOCK, List.of(site(5), site(6), site(5)));
        staticOnly.predictors.put("static", true);
        staticOnly.verdict = "unconfirmed";
        ResultFile r = report(both);
        r.staticAtomicity = new ArrayList<>(List.of(staticOnly));
        AtomicityRow a = new AtomicityRow(r, truth());
        assertEquals(2, m(a.json, "sizes").get("static"));
        assertEquals(1, m(a.json, "sizes").get("velodrome"));
        assertEquals(2, m(a.json, "sizes").get("candidates"));
        assertEquals(1, m(a.json, "sizes").get("induced"));
        assertEquals(Map.of(AtomicityRow.CHECK, true, AtomicityRow.REAL_STATIC, true, AtomicityRow.VELODROME_STATIC, true), a.checks);

        AtomicityRow dynamicOnly = new AtomicityRow(report(block(3, 4, 3, "harmful")), truth());
        assertFalse(dynamicOnly.checks.get(AtomicityRow.REAL_STATIC));
        assertFalse(dynamicOnly.checks.get(AtomicityRow.VELODROME_STATIC));
    }
}
