package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import racepipe.pipeline.model.Confirm;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

class ProgressTest {
    @Test
    void off_a_terminal_it_writes_plain_lines_one_per_pair() {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        RacePair p = new RacePair("shop.Main.visits", SiteInfo.of("shop/Main", "run", "()V", 4, "Main.java", 9, true),
                SiteInfo.of("shop/Main", "main", "()V", 30, "Main.java", 13, false));
        p.verdict = "real";
        p.confirm = new Confirm();
        p.confirm.trials = 50;
        p.confirm.raced = 48;
        try (Progress bar = Progress.of(new PrintStream(o, true, StandardCharsets.UTF_8), 100)) {
            assertThat(bar).isInstanceOf(Progress.Lines.class); // surefire's JVM has no console
            bar.pair(1, 2);
            bar.trials(50);
            bar.pairDone(p, 1, 2, 0, 0);
        }
        String out = o.toString(StandardCharsets.UTF_8);
        assertThat(out).doesNotContain("\r");
        assertThat(out).startsWith("phase 2: pair 1/2 Main.visits: real (raced in 48 of 50 trials); 50/100 trials, ");
        assertThat(out.lines()).hasSize(1);
    }

    /** The count ends at the trials run: a pair settled early drops its unneeded trials from the total, a fallback adds its own. */
    @Test
    void the_total_shrinks_when_a_pair_settles_early_and_grows_with_a_fallback() {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        RacePair p = new RacePair("shop.Main.visits", SiteInfo.of("shop/Main", "run", "()V", 4, "Main.java", 9, true),
                SiteInfo.of("shop/Main", "main", "()V", 30, "Main.java", 13, false));
        p.verdict = "real";
        try (Progress bar = Progress.of(new PrintStream(o, true, StandardCharsets.UTF_8), 100)) {
            bar.trials(3);
            bar.pairDone(p, 1, 2, 47, 0); // settled after 3 of 50
            bar.trials(50);
            bar.plan(25);
            bar.trials(25);
            bar.pairDone(p, 2, 2, 0, 0);
        }
        String out = o.toString(StandardCharsets.UTF_8);
        assertThat(out.lines().toList().get(0)).contains("; 3/53 trials, ");
        assertThat(out.lines().toList().get(1)).contains("; 78/78 trials, ");
    }
}
