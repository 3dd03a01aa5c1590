package racepipe.pipeline.triage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

class SuppressionsTest {
    static SiteInfo site(String method, int bci, int line, boolean write) {
        return SiteInfo.of("shop/Main", method, "()V", bci, "Main.java", line, write);
    }

    static RacePair pair(SiteInfo a, SiteInfo b) {
        RacePair p = new RacePair("shop.Main.visits", a, b);
        p.verdict = "real";
        return p;
    }

    @Test
    void a_line_covers_its_pairs_in_either_order_and_keeps_the_reason() {
        RacePair rw = pair(site("run", 4, 9, false), site("main", 35, 13, true));
        RacePair ww = pair(site("run", 9, 9, true), site("main", 35, 13, true));
        RacePair other = pair(site("run", 9, 9, true), site("main", 40, 15, false));
        Suppressions s = Suppressions.parse("sup.txt", List.of("# accepted races", "", "Main.java:13 Main.java:9  # visits is a statistic"));
        assertThat(s.mark(List.of(rw, ww, other))).isEmpty();
        assertThat(rw.suppressed).isEqualTo("visits is a statistic");
        assertThat(ww.suppressed).isEqualTo("visits is a statistic");
        assertThat(other.suppressed).isNull();
        assertThat(rw.counted()).isFalse();
        assertThat(other.counted()).isTrue();
    }

    @Test
    void one_site_covers_every_pair_with_it_and_unused_lines_are_returned() {
        RacePair rw = pair(site("run", 4, 9, false), site("main", 35, 13, true));
        Suppressions s = Suppressions.parse("sup.txt", List.of("shop.Main.main@35 # main's count is advisory", "Main.java:99 Main.java:9 # stale"));
        List<Suppressions.Rule> unused = s.mark(List.of(rw));
        assertThat(rw.suppressed).isEqualTo("main's count is advisory");
        assertThat(unused).extracting(Suppressions.Rule::where).containsExactly("sup.txt:2");
    }

    @Test
    void a_line_without_a_reason_or_with_three_sites_is_one_line_of_usage() {
        assertThatThrownBy(() -> Suppressions.parse("sup.txt", List.of("Main.java:9 Main.java:13")))
                .isInstanceOf(UsageError.class).hasMessage("sup.txt:1: give the reason after '#' (SITE SITE # reason)");
        assertThatThrownBy(() -> Suppressions.parse("sup.txt", List.of("", "a.B.m@1 a.B.m@2 a.B.m@3 # x")))
                .isInstanceOf(UsageError.class).hasMessageStartingWith("sup.txt:2: want SITE SITE # reason");
        assertThatThrownBy(() -> Suppressions.parse("sup.txt", List.of("visits visits # x")))
                .isInstanceOf(UsageError.class).hasMessageStartingWith("sup.txt:1: not a site");
    }
}
