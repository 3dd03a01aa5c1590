package racepipe.pipeline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RealSourceTest {
    @TempDir
    Path src;

    /** Lines 3 (a), 4 (b), 5 (c) of Main.java; truth: a-b real, a-c false. */
    private Truth truth() throws Exception {
        Path dir = Files.createDirectories(src.resolve("benchmarks/demo"));
        Files.writeString(dir.resolve("Main.java"), "class Main {\n\n x = 1; // @site a\n x = 2; // @site b\n y = x; // @site c\n y = 0;\n}\n");
        String tsv = "# pair\tsite\tsite\ttruth\twhy\nR\ta\tb\tbenign\twhy\nF\ta\tc\tfalse\twhy\n";
        return Truth.load("demo", new ByteArrayInputStream(tsv.getBytes(StandardCharsets.UTF_8)), src);
    }

    private static Map<String, Object> explored(boolean complete, int... linePairs) {
        List<Map<String, Object>> races = new java.util.ArrayList<>();
        for (int i = 0; i < linePairs.length; i += 2) {
            races.add(Map.of("sites", List.of(Map.of("file", "Main.java", "line", linePairs[i]),
                    Map.of("file", "Main.java", "line", linePairs[i + 1]))));
        }
        return Map.of("executions", 4, "complete", complete, "seconds", 1.0, "races", races);
    }

    @Test
    void complete_exploration_should_be_the_real_set_and_agree_with_a_right_truth_file() throws Exception {
        Truth t = truth();
        RealSource s = new RealSource(t, explored(true, 4, 3));
        assertEquals(RealSource.COMPLETE, s.source());
        assertTrue(s.real(t.pairs.get(0)));
        assertFalse(s.real(t.pairs.get(1)));
        assertEquals(List.of(), s.disagreements);
    }

    @Test
    void complete_exploration_should_flag_a_truth_file_it_disagrees_with() throws Exception {
        Truth t = truth();
        RealSource s = new RealSource(t, explored(true, 3, 5, 5, 6));
        assertFalse(s.real(t.pairs.get(0)), "a complete exploration never raced a-b: not real by it");
        assertTrue(s.real(t.pairs.get(1)));
        assertEquals(3, s.disagreements.size(), s.disagreements.toString()); // R missed, F raced, 5/6 unlisted
    }

    @Test
    void bounded_exploration_should_keep_the_truth_files_real_pairs() throws Exception {
        Truth t = truth();
        RealSource s = new RealSource(t, explored(false));
        assertEquals(RealSource.BOUNDED, s.source());
        assertTrue(s.real(t.pairs.get(0)));
        assertEquals(List.of(), s.disagreements, "an incomplete exploration cannot say a pair never races");
        assertEquals(RealSource.TRUTH, new RealSource(t, null).source());
    }
}
