package racepipe.dynamic.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** In a trial, the program's System.exit, Runtime.exit and Runtime.halt end the trial with its status, not the JVM. */
class ProgramExitTest {
    @AfterEach
    void outOfTrial() {
        Control.trialLoader(null);
        Control.trialMode(false);
        ProgramEnd.reset();
    }

    private void inTrialOf(ClassLoader loader) {
        ProgramEnd.reset();
        Control.trialMode(true);
        Control.trialLoader(loader);
    }

    @Test
    void halt_in_a_trial_should_end_the_trial_with_its_status() {
        inTrialOf(getClass().getClassLoader());
        assertThatThrownBy(() -> RT.halt(Runtime.getRuntime(), 3)).isInstanceOf(Abort.class);
        assertThat(ProgramEnd.exitStatus()).isEqualTo(3);
    }

    @Test
    void runtime_exit_in_a_trial_should_end_the_trial_as_system_exit_does() {
        inTrialOf(getClass().getClassLoader());
        assertThatThrownBy(() -> RT.exitRuntime(Runtime.getRuntime(), 4)).isInstanceOf(Abort.class);
        assertThat(ProgramEnd.exitStatus()).isEqualTo(4);
        ProgramEnd.reset();
        assertThatThrownBy(() -> RT.exit(5)).isInstanceOf(Abort.class);
        assertThat(ProgramEnd.exitStatus()).isEqualTo(5);
    }

    @Test
    void a_halt_from_an_ended_trials_thread_should_end_only_that_thread() throws Exception {
        try (URLClassLoader later = new URLClassLoader(new URL[0], null)) {
            inTrialOf(later); // the caller's classes are not this trial's: a watchdog an earlier trial left
            assertThatThrownBy(() -> RT.halt(Runtime.getRuntime(), 0)).isInstanceOf(Abort.class);
            assertThat(ProgramEnd.exitStatus()).isNull();
        }
    }
}
