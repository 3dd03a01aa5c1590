package racepipe.pipeline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.TypeConversionException;
import racepipe.statics.engines.Engines;

/** The enum options take the lowercase spellings the run code and the result files use. */
class SpellingTest {
    @Test
    void the_engines_should_be_the_static_analysis_ones() {
        assertThat(Arrays.stream(Engine.values()).map(Spelling::of).toList()).isEqualTo(Engines.NAMES);
    }

    @Test
    void only_the_lowercase_spelling_should_convert() throws Exception {
        Scheduler.Converter c = new Scheduler.Converter();
        assertThat(c.convert("native")).isEqualTo(Scheduler.NATIVE);
        assertThat(Scheduler.NATIVE).hasToString("native");
        assertThatThrownBy(() -> c.convert("NATIVE")).isInstanceOf(TypeConversionException.class)
                .hasMessage("expected one of [racefuzzer, random, native] but was 'NATIVE'");
    }

    @Test
    void the_defaults_and_lists_should_convert() {
        AnalyzeCommand a = CommandLine.populateCommand(new AnalyzeCommand(), "app.jar", "--entry", "E");
        assertThat(a.predictors).containsExactly(Predictor.STATIC, Predictor.HYBRID);
        assertThat(a.engine).isEqualTo(Engine.WALA);
        a = CommandLine.populateCommand(new AnalyzeCommand(), "app.jar", "--entry", "E", "--predictors", "hb,ls,eraser",
                "--engine", "sootup");
        assertThat(Spelling.of(a.predictors)).isEqualTo(List.of("hb", "ls", "eraser"));
        assertThat(a.engine).isEqualTo(Engine.SOOTUP);

        DetectCommand d = CommandLine.populateCommand(new DetectCommand(), "app.jar", "--entry", "E");
        assertThat(Spelling.of(d.detectors)).isEqualTo(List.of("ls", "eraser", "hybrid", "hb"));

        ConfirmCommand c = CommandLine.populateCommand(new ConfirmCommand(), "app.jar", "--entry", "E", "--pair", "a", "b");
        assertThat(c.scheduler).isEqualTo(Scheduler.RACEFUZZER);
        assertThat(c.isolation).isEqualTo(Isolation.WORKER);
        c = CommandLine.populateCommand(new ConfirmCommand(), "app.jar", "--entry", "E", "--pair", "a", "b",
                "--scheduler", "random", "--isolation", "process");
        assertThat(c.scheduler).isEqualTo(Scheduler.RANDOM);
        assertThat(c.isolation).isEqualTo(Isolation.PROCESS);
    }
}
