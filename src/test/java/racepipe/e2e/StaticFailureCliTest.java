package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A static engine that fails on the program (here: a class the JVM never loads, whose bytecode
 * WALA cannot decode) does not end analyze: it says so in one line and the dynamic predictors'
 * races are found and confirmed all the same.
 */
class StaticFailureCliTest {
    static final String MAIN = """
            package app;
            public class Main {
                static int x;
                public static void main(String[] args) throws Exception {
                    if (args.length > 5) Broken.run();
                    Thread t = new Thread(() -> x++); // @RACE
                    t.start(); x++; t.join();
                    System.out.println(x);
                }
            }
            """;
    static final String BROKEN = """
            package app;
            public class Broken {
                public static void run() { int a = 7; int b = a * 3; System.out.println(b); }
            }
            """;

    @Test
    void a_static_engine_that_fails_should_leave_the_dynamic_races_found() throws Exception {
        Path dir = Files.createTempDirectory("racepipe-static-fails");
        UserApp.jar(dir, "app", Map.of("app/Main.java", MAIN, "app/Broken.java", BROKEN), List.of(), "app.Main");
        Path broken = dir.resolve("app-classes/app/Broken.class");
        byte[] b = Files.readAllBytes(broken);
        int at = indexOf(b, new byte[] {0x10, 0x07, 0x3b}); // bipush 7; istore_0
        assertThat(at).isPositive();
        b[at + 2] = (byte) 0xcb; // an opcode the JVM spec leaves undefined: the verifier would reject it, the JVM never loads it
        Files.write(broken, b);
        Path jar = UserApp.pack(dir.resolve("app-classes"), dir.resolve("broken.jar"), "app.Main");
        Cli.Result r = Cli.run("analyze", jar.toString(), "--runs", "1", "--jobs", "1", "--out", dir.resolve("out").toString());
        assertThat(r.output()).contains("phase 1, static (wala) failed: ").contains("going on with the dynamic predictors only");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        assertThat(r.json().path("pairs")).as(r.output()).anyMatch(p -> p.path("verdict").asText().equals("real"));
        assertThat(r.json().path("options").path("staticFailed").asText()).contains("UnimplementedError");
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        for (int i = 0; i + needle.length <= hay.length; i++) {
            if (java.util.Arrays.equals(hay, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }
}
