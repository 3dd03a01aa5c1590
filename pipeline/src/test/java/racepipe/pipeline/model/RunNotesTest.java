package racepipe.pipeline.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;

class RunNotesTest {
    static DetectRun run(int i, Outcome o, DetectRun.Thrown... thrown) {
        return new DetectRun(i, 1L, o, null, thrown.length == 0 ? null : List.of(thrown), null, Map.of());
    }

    @Test
    void says_how_many_runs_timed_out_threw_or_crashed() {
        assertThat(RunNotes.of(List.of(run(0, Outcome.TIMEOUT), run(1, Outcome.TIMEOUT), run(2, Outcome.TIMEOUT)), 10))
                .containsExactly("3 of 3 runs timed out after 10 s");
        assertThat(RunNotes.of(List.of(run(0, Outcome.OK), run(1, Outcome.EXCEPTION,
                new DetectRun.Thrown("main", "java.lang.NoClassDefFoundError", "shoplib/Inventory")), run(2, Outcome.CRASHED)), null))
                .containsExactly("1 of 3 runs ended in an uncaught exception (NoClassDefFoundError)",
                        "1 of 3 runs crashed (no result from the run's JVM)");
        assertThat(RunNotes.of(List.of(run(0, Outcome.OK), run(1, Outcome.EXIT)), 10)).isEmpty();
    }

    @Test
    void a_failure_of_the_detectors_is_named_as_racepipes_not_the_programs() {
        DetectRun.Thrown failed = new DetectRun.Thrown(racepipe.contract.RunResult.DETECTORS,
                "java.lang.ArrayIndexOutOfBoundsException", "Index 4 out of bounds for length 4");
        assertThat(RunNotes.of(List.of(run(0, Outcome.EXCEPTION, failed), run(1, Outcome.OK)), 10)).containsExactly(
                "racepipe's detectors failed on an event in 1 of 2 runs (ArrayIndexOutOfBoundsException: Index 4 out of bounds"
                        + " for length 4): their pairs may be wrong or missing; a bug of racepipe's (the run's log has the stack)");
        // the program threw too: both are said, each with its own exceptions
        assertThat(RunNotes.of(List.of(run(0, Outcome.EXCEPTION, failed,
                new DetectRun.Thrown("main", "java.lang.IllegalStateException", "money lost"))), 10))
                .hasSize(2).last().isEqualTo("1 of 1 run ended in an uncaught exception (IllegalStateException)");
    }

    @Test
    void deadlocked_runs_get_a_closing_line_of_their_own() {
        assertThat(RunNotes.deadlocks(List.of(run(0, Outcome.OK), run(1, Outcome.TIMEOUT)))).isNull();
        assertThat(RunNotes.deadlocks(List.of(run(0, Outcome.DEADLOCK), run(1, Outcome.OK))))
                .isEqualTo("deadlock: 1 of 2 Phase 1 runs deadlocked; not a data race: `racepipe explore` finds and replays it");
        assertThat(RunNotes.deadlocks(List.of(run(0, Outcome.DEADLOCK)))).startsWith("deadlock: 1 of 1 Phase 1 run deadlocked, never ending; not a data race");
        assertThat(RunNotes.deadlocks(List.of(run(0, Outcome.DEADLOCK)), true))
                .isEqualTo("deadlock: 1 of 1 Phase 1 run deadlocked, never ending; its lock cycle is under deadlocks, with its verdict");
    }

    @Test
    void a_missed_notification_is_named_with_the_line_of_its_wait() {
        DetectRun hung = new DetectRun(0, 1L, Outcome.DEADLOCK, null, null, null, Map.of(),
                "missed notification: T1 waits at app.Box.take(Box.java:9) for a notify on Object#1 that no thread is left to send");
        assertThat(RunNotes.deadlocks(List.of(hung, run(1, Outcome.OK)))).isEqualTo("hang: 1 of 2 Phase 1 runs ended with every thread"
                + " blocked; missed notification: T1 waits at app.Box.take(Box.java:9) for a notify on Object#1 that no thread is left to send");
    }

    @Test
    void runs_without_a_seed_after_a_seeded_timeout_are_said_not_replayable() {
        DetectRun free = new DetectRun(1, null, Outcome.OK, null, null, null, Map.of());
        assertThat(RunNotes.of(List.of(run(0, Outcome.TIMEOUT), free), 10)).containsExactly("1 of 2 runs timed out after 10 s",
                "1 of 2 runs ran under the JVM's scheduling, not replayable (a seeded run, one thread at a time, did not end in time)");
        // detect without --seed: every run is the JVM's, and nothing to explain
        DetectRun first = new DetectRun(0, null, Outcome.TIMEOUT, null, null, null, Map.of());
        assertThat(RunNotes.of(List.of(first, free), 10)).containsExactly("1 of 2 runs timed out after 10 s");
    }

    @org.junit.jupiter.api.Test
    void skipped_runs_are_said_with_why() {
        assertThat(RunNotes.skipped(2, null)).isEqualTo("2 more runs skipped (a run that timed out would again)");
        assertThat(RunNotes.skipped(1, "why")).isEqualTo("1 more run skipped (why)");
    }
}
