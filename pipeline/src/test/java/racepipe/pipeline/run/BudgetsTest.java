package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BudgetsTest {
    @Test
    void durations_as_people_write_them() {
        assertThat(Budgets.parse("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(Budgets.parse("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Budgets.parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Budgets.parse(" 45 ")).isEqualTo(Duration.ofSeconds(45));
        assertThat(Budgets.parse("none")).isNull();
        assertThat(Budgets.format(Duration.ofSeconds(90))).isEqualTo("1m30s");
        assertThat(Budgets.format(Duration.ofMinutes(10))).isEqualTo("10m");
        assertThat(Budgets.format(Duration.ofHours(2))).isEqualTo("2h");
        assertThat(Budgets.parse(Budgets.DEFAULT)).isPositive();
    }

    @Test
    void anything_else_gets_one_line() {
        for (String bad : new String[] {"", "10", "0s", "m", "10x", "5s10m", "1m1m", "ten minutes"}) {
            if (bad.equals("10")) {
                continue; // plain seconds are fine
            }
            assertThatThrownBy(() -> Budgets.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--budget");
        }
    }
}
