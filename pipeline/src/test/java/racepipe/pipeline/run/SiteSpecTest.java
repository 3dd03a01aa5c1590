package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;

/** How confirm's --pair SITE SITE becomes two instructions (on Racy, from the test classes folder). */
class SiteSpecTest {
    static SiteSpec spec;

    @BeforeAll
    static void scan() throws Exception {
        Path classes = Path.of(Racy.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        spec = new SiteSpec(ProgramInput.check(classes, Racy.class.getName(), List.of()));
    }

    static String at(String marker) throws Exception {
        List<String> src = Files.readAllLines(Path.of("src/test/java/racepipe/pipeline/run/Racy.java"));
        for (int i = 0; i < src.size(); i++) {
            if (src.get(i).contains("// " + marker)) {
                return "Racy.java:" + (i + 1);
            }
        }
        throw new IllegalArgumentException(marker);
    }

    @Test
    void a_line_with_a_read_and_a_write_takes_the_access_that_can_race_and_says_so() throws Exception {
        // count++ reads then writes count; 'seen = count' reads count (and writes seen)
        SiteSpec.Pick p = spec.pair(at("@inc"), at("@copy"));
        assertThat(p.variable()).isEqualTo("racepipe.pipeline.run.Racy.count");
        assertThat(p.a().access()).isEqualTo("write"); // the read of count++ with a read would be two reads
        assertThat(p.b().access()).isEqualTo("read");
        assertThat(p.notes()).hasSize(2);
        assertThat(p.notes().get(0)).startsWith(at("@inc") + " has 2 accesses: took racepipe.pipeline.run.Racy.lambda$main$0@")
                .contains("(write of racepipe.pipeline.run.Racy.count); to name another, give racepipe.pipeline.run.Racy.lambda$main$0@")
                .endsWith("(read of racepipe.pipeline.run.Racy.count)");
    }

    @Test
    void a_method_at_bci_names_exactly_one_access_and_needs_no_note() throws Exception {
        SiteSpec.Pick first = spec.pair(at("@inc"), at("@inc"));
        String name = "racepipe.pipeline.run.Racy." + first.a().method().substring(0, first.a().method().indexOf('('))
                + "@" + first.a().bci();
        SiteSpec.Pick p = spec.pair(name, first.b().key());
        assertThat(p.a()).isEqualTo(first.a());
        assertThat(p.notes()).isEmpty();
    }

    @Test
    void two_sites_that_cannot_race_are_refused_in_one_line() throws Exception {
        assertThatThrownBy(() -> spec.pair(at("@reads"), at("@reads"))).isInstanceOf(UsageError.class)
                .hasMessageStartingWith(at("@reads") + " and " + at("@reads") + " cannot race: ");
        assertThatThrownBy(() -> spec.pair("Racy.java:1", at("@inc"))).isInstanceOf(UsageError.class)
                .hasMessageStartingWith("no field or array access at Racy.java:1");
    }
}
