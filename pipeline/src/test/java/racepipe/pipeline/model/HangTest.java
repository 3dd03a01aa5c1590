package racepipe.pipeline.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The scheduler's evidence of a hang, as runs and trials report it: its kind and what each thread waits for. */
class HangTest {
    @Test
    void the_evidence_should_give_the_kind_and_the_summary_without_stacks() {
        Hang h = Hang.of("missed notification: T1 waits at app.Box.take(Box.java:9) for a notify on Object#1 that no thread is left"
                + " to send; main waits for T1 to end; | stacks: T1: app.Box.take(Box.java:9) <- ; main: app.Main.main(Main.java:5) <- ; ");
        assertThat(h.kind()).isEqualTo(Hang.MISSED);
        assertThat(h.summary()).isEqualTo("missed notification: T1 waits at app.Box.take(Box.java:9) for a notify on Object#1"
                + " that no thread is left to send; main waits for T1 to end");
        assertThat(h.failure()).isEqualTo("hang: missed notification");
        assertThat(Hang.of("cycle: T1 holds a and waits to acquire b, held by T2; | stacks: ").kind()).isEqualTo(Hang.CYCLE);
        assertThat(Hang.of("every thread blocked: T1 waits for T2 to end; T2 waits to acquire a, held by main (ended); ").kind())
                .isEqualTo(Hang.BLOCKED);
        assertThat(Hang.of(null)).isNull();
        assertThat(Hang.of(" ")).isNull();
    }
}
