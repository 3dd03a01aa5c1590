package racepipe.pipeline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.contract.Outcome;
import racepipe.contract.RunResult;
import racepipe.pipeline.model.DetectRun;
import racepipe.pipeline.model.ResultFile;

/** The containment checks of a benchmark's row, judged per Phase 1 run. */
class BenchRowTest {
    @TempDir
    Path src;

    private static final List<String> AB = List.of("a|b"), NONE = List.of();

    private static DetectRun run(List<DetectRun.Thrown> thrown, List<String> shb, List<String> syncp) {
        Map<String, List<String>> sets = new LinkedHashMap<>();
        sets.put("ls", AB);
        sets.put("eraser", AB);
        sets.put("hybrid", AB);
        sets.put("hb", AB);
        sets.put("shb", shb);
        sets.put("wcp", AB);
        sets.put("syncp", syncp);
        return new DetectRun(0, 1L, thrown.isEmpty() ? Outcome.OK : Outcome.EXCEPTION, null, thrown, "log", sets);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Boolean> checks(DetectRun... runs) throws Exception {
        ResultFile r = new ResultFile();
        r.runs = List.of(runs);
        Truth t = Truth.load("demo", new ByteArrayInputStream("# pair\tsite\tsite\ttruth\twhy\n".getBytes(StandardCharsets.UTF_8)), src);
        return (Map<String, Boolean>) new BenchRow("demo", r, t, Map.of()).json.get("checks");
    }

    @Test
    void a_run_whose_detectors_failed_should_break_the_row() throws Exception {
        String check = "the detectors saw every event of every run";
        assertEquals(true, checks(run(List.of(new DetectRun.Thrown("main", "E", "the program's own")), AB, AB)).get(check));
        assertEquals(false, checks(run(List.of(), AB, AB),
                run(List.of(new DetectRun.Thrown(RunResult.DETECTORS, "java.lang.ArrayIndexOutOfBoundsException", "4")), AB, AB))
                .get(check));
    }

    @Test
    void shb_should_be_within_syncp_on_every_run() throws Exception {
        assertEquals(true, checks(run(List.of(), AB, AB), run(List.of(), NONE, AB)).get("SHB ⊆ SyncP on every run"));
        assertEquals(false, checks(run(List.of(), AB, AB), run(List.of(), AB, NONE)).get("SHB ⊆ SyncP on every run"));
    }
}
