package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.statics.engines.Engines;

/** Bad input is one clear StaticInputError line, never a stack trace from the engines. */
class BadInputTest {
    @TempDir
    Path dir;

    @Test
    void missingJmodsIsOneLine() throws Exception {
        Path jar = Path.of(benchmarks.counter.Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        AnalysisInput in = new AnalysisInput(List.of(jar), "benchmarks.counter.Main", dir);
        assertThatThrownBy(() -> Engines.byName("wala").analyze(in))
                .isInstanceOf(StaticInputError.class).hasMessageContaining("jmods/");
    }

    @Test
    void unknownEntryIsOneLine() throws Exception {
        Path jar = Path.of(benchmarks.counter.Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        for (String engine : Engines.NAMES) {
            assertThatThrownBy(() -> Engines.byName(engine).analyze(AnalysisInput.of(jar, "no.such.Main")))
                    .isInstanceOf(StaticInputError.class).hasMessageContaining("no.such.Main");
        }
    }

    @Test
    void unknownEngine() {
        assertThatThrownBy(() -> Engines.byName("chord")).isInstanceOf(StaticInputError.class);
    }

    @Test
    void jarThatDoesNotParse() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.jar"), "not a zip");
        assertThatThrownBy(() -> Engines.byName("wala").analyze(AnalysisInput.of(bad, "Main")))
                .isInstanceOf(StaticInputError.class);
    }
}
