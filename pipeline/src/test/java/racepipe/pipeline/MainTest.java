package racepipe.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The command line itself, run in this JVM: what it prints and its exit code. */
class MainTest {
    record Result(int code, String out, String err) {
    }

    static synchronized Result run(String... args) {
        PrintStream out = System.out, err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Main.run(args);
            return new Result(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void version_should_print_the_poms_version() {
        Result r = run("--version");
        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).isEqualTo("racepipe " + System.getProperty("racepipe.pomVersion"));
    }
}
