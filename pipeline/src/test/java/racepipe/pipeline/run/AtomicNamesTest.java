package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;

/** --atomic's names, checked against the program (here: the test classes folder). */
class AtomicNamesTest {
    @TempDir
    Path dir;

    private static final String ME = AtomicNamesTest.class.getName();

    synchronized void checkThenAct() {
    }

    static final class Inner {
        void act() {
        }
    }

    private static ProgramInput program() throws Exception {
        Path classes = Path.of(AtomicNamesTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return new ProgramInput(classes, ME, List.of(), List.of());
    }

    @Test
    void names_and_spec_files_should_resolve_to_methods_the_program_declares() throws Exception {
        Path spec = Files.writeString(dir.resolve("blocks.json"), "{\"atomic\": [\"" + ME + "$Inner#act\", \"" + ME + "#checkThenAct\"]}");
        assertThat(AtomicNames.resolve(List.of(ME + "#checkThenAct", spec.toString()), program()))
                .containsExactly(ME + "#checkThenAct", ME + "$Inner#act");
        assertThat(AtomicNames.resolve(null, program())).isEmpty();
    }

    @Test
    void bad_names_should_be_one_clear_line() throws Exception {
        ProgramInput p = program();
        assertThatThrownBy(() -> AtomicNames.resolve(List.of("checkThenAct"), p)).isInstanceOf(UsageError.class)
                .hasMessageContaining("wants CLASS#METHOD");
        assertThatThrownBy(() -> AtomicNames.resolve(List.of("shop.Gone#run"), p)).isInstanceOf(UsageError.class)
                .hasMessage("--atomic shop.Gone#run: no class shop.Gone in the program or its class path");
        assertThatThrownBy(() -> AtomicNames.resolve(List.of(ME + "#nothing"), p)).isInstanceOf(UsageError.class)
                .hasMessageContaining("declares no method nothing");
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"atomic\": 3}");
        assertThatThrownBy(() -> AtomicNames.resolve(List.of(broken.toString()), p)).isInstanceOf(UsageError.class)
                .hasMessageContaining("want {\"atomic\"");
        assertThatThrownBy(() -> AtomicNames.resolve(List.of(dir.resolve("missing.json").toString()), p))
                .isInstanceOf(UsageError.class).hasMessageContaining("cannot read it as JSON");
    }
}
