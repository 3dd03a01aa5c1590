package racepipe.dynamic.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;
import racepipe.contract.Protocol;
import racepipe.contract.TrialResult;

/** A trial as the worker runs it (uninstrumented here), and its answer on the protocol. */
class TrialRunnerTest {
    private static TrialRunner.Ran run(Class<?> main, String mode, long seed) throws Exception {
        URL classes = Path.of(TrialRunnerTest.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toUri().toURL();
        TrialRunner runner = new TrialRunner(new URL[] {classes}, main.getName(), new String[] {"a"}, Set.of("x.f()V@1", "x.g()V@2"));
        return runner.run(seed, mode, 10_000, 20);
    }

    @Test
    void a_program_that_ends_should_give_ok_and_its_schedule_digest() throws Exception {
        TrialRunner.Ran ran = run(TrialFixtures.Quiet.class, "racefuzzer", 5);
        TrialResult r = ran.result();
        assertThat(ran.clean()).isTrue();
        assertThat(r.outcome()).isEqualTo(Outcome.OK);
        assertThat(r.seed()).isEqualTo(5);
        assertThat(r.scheduler()).isEqualTo("racefuzzer");
        assertThat(r.raced()).isFalse();
        assertThat(r.exception()).isNull();
        assertThat(r.race()).isNull();
        assertThat(r.schedule()).isNotEqualTo("native").isEqualTo(run(TrialFixtures.Quiet.class, "racefuzzer", 5).result().schedule());
    }

    @Test
    void an_uncaught_exception_should_give_exception_with_its_thread_and_message() throws Exception {
        TrialResult r = run(TrialFixtures.Throws.class, "native", 1).result();
        assertThat(r.outcome()).isEqualTo(Outcome.EXCEPTION);
        assertThat(r.schedule()).isEqualTo("native");
        assertThat(r.exception().type()).isEqualTo("java.lang.IllegalStateException");
        assertThat(r.exception().message()).isEqualTo("boom 1");
        assertThat(r.exception().thread()).isEqualTo("main");
        assertThat(r.exception().afterRace()).isFalse();
    }

    @Test
    void the_answer_should_read_back_as_written() throws Exception {
        TrialResult r = run(TrialFixtures.Throws.class, "random", 3).result();
        for (boolean last : new boolean[] {false, true}) {
            Protocol.Answer a = Protocol.Answer.parse(new Protocol.Answer(r, last).line());
            assertThat(a.last()).isEqualTo(last);
            assertThat(a.result()).isEqualTo(r);
        }
    }
}
