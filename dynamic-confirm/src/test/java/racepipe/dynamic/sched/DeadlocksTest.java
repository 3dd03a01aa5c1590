package racepipe.dynamic.sched;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The deadlock evidence's cycle, as DeadlockFuzzer reads it to tell a candidate's cycle from a longer one. */
class DeadlocksTest {
    @Test
    void the_cycle_length_is_the_number_of_threads_in_the_evidences_cycle() {
        String three = "cycle: T1 holds Object#1 and waits to acquire Object#2, held by T2; T2 holds Object#2 and waits to acquire"
                + " Object#3, held by T3; T3 holds Object#3 and waits to acquire Object#1, held by T1; | stacks: T1: a.B.c(B.java:3) <-  ;"
                + " T2: a.B.c(B.java:3) <-  ; T3: a.B.c(B.java:3) <-  ; ";
        assertThat(Deadlocks.cycleLength(three)).isEqualTo(3);
        assertThat(Deadlocks.cycleLength("cycle: T1 holds a and waits to acquire b, held by T2; T2 holds b and waits to acquire a,"
                + " held by T1; | stacks: ")).isEqualTo(2);
        assertThat(Deadlocks.cycleLength("missed notification: T1 waits at a.B.c(B.java:9) for a notify; | stacks: ")).isZero();
        assertThat(Deadlocks.cycleLength(null)).isZero();
    }
}
