package racepipe.pipeline.triage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;

class BaselineTest {
    @TempDir
    Path tmp;

    static RacePair pair(String variable, int bciA, int bciB) {
        RacePair p = new RacePair(variable, SiteInfo.of("shop/Main", "run", "()V", bciA, "Main.java", 9, true),
                SiteInfo.of("shop/Main", "main", "()V", bciB, "Main.java", 13, false));
        p.verdict = "real";
        return p;
    }

    Path report(RacePair... pairs) throws Exception {
        ResultFile old = new ResultFile();
        old.pairs.addAll(List.of(pairs));
        Path dir = tmp.resolve("old");
        old.write(dir.resolve("report.json"));
        return dir;
    }

    @Test
    void the_same_pair_is_known_also_after_its_methods_moved_and_a_new_one_is_not() throws Exception {
        Baseline b = Baseline.load(report(pair("shop.Main.visits", 4, 30)));
        RacePair same = pair("shop.Main.visits", 4, 30);
        RacePair moved = pair("shop.Main.visits", 12, 41);   // code added above: other bcis, same methods
        RacePair other = pair("shop.Main.orders", 20, 50);
        assertThat(b.mark(List.of(same, moved, other))).isEqualTo(2);
        assertThat(same.baseline).isTrue();
        assertThat(moved.baseline).isTrue();
        assertThat(other.baseline).isNull();
        assertThat(same.counted()).isFalse();
        assertThat(other.counted()).isTrue();
    }

    @Test
    void the_report_file_or_its_folder_is_taken_and_anything_else_is_one_line() throws Exception {
        Path dir = report(pair("shop.Main.visits", 4, 30));
        assertThat(Baseline.load(dir.resolve("report.json")).file()).isEqualTo(Baseline.load(dir).file());
        assertThatThrownBy(() -> Baseline.load(tmp.resolve("none"))).isInstanceOf(UsageError.class)
                .hasMessageStartingWith("no baseline report at");
        Files.writeString(tmp.resolve("bad.json"), "{not json");
        assertThatThrownBy(() -> Baseline.load(tmp.resolve("bad.json"))).isInstanceOf(UsageError.class)
                .hasMessageStartingWith("cannot read the baseline").hasMessageNotContaining("\n");
    }
}
