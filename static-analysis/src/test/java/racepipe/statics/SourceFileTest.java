package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A site's file is its class's SourceFile attribute: a race between a nested class's field and a
 * second top-level class of Main.java is at Main.java in both engines (not Worker.java).
 */
class SourceFileTest {
    @Test
    void wala_should_name_the_file_the_class_was_compiled_from() {
        StaticResult r = Fixtures.analyze("wala", "files");
        assertThat(Fixtures.pairs(r, "files")).containsExactly("main worker");
        assertThat(r.pairs()).allSatisfy(p -> assertThat(p.a().file() + p.b().file()).isEqualTo("Main.javaMain.java"));
    }

    @Test
    void sootup_should_name_the_file_the_class_was_compiled_from() {
        StaticResult r = Fixtures.analyze("sootup", "files");
        assertThat(Fixtures.pairs(r, "files")).containsExactly("main worker");
        assertThat(r.pairs()).allSatisfy(p -> assertThat(p.a().file() + p.b().file()).isEqualTo("Main.javaMain.java"));
    }
}
