package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.statics.engines.Engines;

/**
 * A dependency's accesses count at the application's calls into it (WALA), as java.util's do: an
 * application jar and its dependency's jar compiled at test time. With the dependency named as one
 * ({@link AnalysisInput#dependencies()}), the race on {@code count} inside {@code Inventory.add} is
 * reported at the two {@code inv.add()} lines with the dependency's frame; a static and an
 * ArrayList inside the dependency count at the {@code inv.note(..)} lines; no site is inside the
 * dependency, for WALA or SootUp. Given as application code, the same race is at the dependency's line.
 */
class DependencyLiftTest {
    static final String LIB = """
            package shoplib;
            public class Inventory {
                private int count;
                private static int made;
                private final java.util.List<String> log = new java.util.ArrayList<>();
                public void add() { count = count + 1; } // @L
                public void note(String s) { log.add(s); made++; }
                public int size() { return count; }
            }
            """;
    static final String APP = """
            package shop;
            import shoplib.Inventory;
            public class Main {
                public static void main(String[] a) throws Exception {
                    Inventory inv = new Inventory();
                    Thread t = new Thread(() -> {
                        inv.add(); // @A
                        inv.note("t"); // @C
                    });
                    t.start();
                    inv.add(); // @B
                    inv.note("m"); // @D
                    t.join();
                    System.out.println(inv.size());
                }
            }
            """;
    @TempDir
    static Path dir;
    static Path app;
    static Path lib;
    static StaticResult lifted;

    @BeforeAll
    static void analyse() throws IOException {
        // its manifest names jars that do not exist, as Derby's do: skipped as the JVM skips them
        lib = TestJars.compile(dir, "shoplib", "shoplib/Inventory.java", LIB, null, "shoplib-locale-cs.jar shoplib-locale-de.jar");
        app = jar("shop", "shop/Main.java", APP, lib);
        lifted = Engines.byName("wala").analyze(input(List.of(lib)));
    }

    static AnalysisInput input(List<Path> dependencies) {
        return new AnalysisInput(List.of(app, lib), "shop.Main", Path.of(System.getProperty("java.home")), dependencies);
    }

    static String line(String src, String file, String marker) {
        List<String> lines = src.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// " + marker)) {
                return file + ":" + (i + 1);
            }
        }
        throw new IllegalArgumentException(marker);
    }

    static String at(StaticSite s) {
        return s.file() + ":" + s.line();
    }

    static StaticPair pairAt(StaticResult r, String x, String y) {
        for (StaticPair p : r.pairs()) {
            if ((at(p.a()).equals(x) && at(p.b()).equals(y)) || (at(p.a()).equals(y) && at(p.b()).equals(x))) {
                return p;
            }
        }
        throw new AssertionError("no pair at " + x + " | " + y + " in " + r.pairs().stream().map(p -> at(p.a()) + "|" + at(p.b())).toList());
    }

    @Test
    void the_race_inside_the_dependency_is_at_the_application_calls_with_the_dependencys_frame() {
        StaticPair p = pairAt(lifted, line(APP, "Main.java", "@A"), line(APP, "Main.java", "@B"));
        assertThat(p.variable()).isEqualTo("shoplib.Inventory.count");
        assertThat(p.a().write() || p.b().write()).isTrue();
        assertThat(p.a().className()).isEqualTo("shop/Main");
        String frame = "shoplib.Inventory.add(" + line(LIB, "Inventory.java", "@L") + ")";
        assertThat(p.evidence().get("libraryA")).asString().contains(frame);
        assertThat(p.evidence().get("libraryB")).asString().contains(frame);
    }

    @Test
    void the_missing_jars_the_dependencys_manifest_names_are_skipped_and_noted() {
        assertThat(lifted.stats().get(StaticResult.CLASS_PATH_SKIPPED)).asString()
                .contains("shoplib-locale-cs.jar (named in shoplib.jar's manifest)").contains("shoplib-locale-de.jar");
    }

    @Test
    void a_static_and_a_collection_inside_the_dependency_count_at_the_calls_too() {
        StaticPair p = pairAt(lifted, line(APP, "Main.java", "@C"), line(APP, "Main.java", "@D"));
        assertThat(p.evidence().get("variables")).asString().contains("shoplib.Inventory.made").contains("java.util.ArrayList");
    }

    @Test
    void no_site_is_inside_the_dependency() {
        assertThat(lifted.pairs()).isNotEmpty().noneMatch(p -> p.a().className().startsWith("shoplib/")
                || p.b().className().startsWith("shoplib/"));
        StaticResult sootup = Engines.byName("sootup").analyze(input(List.of(lib)));
        assertThat(sootup.pairs()).noneMatch(p -> p.a().className().startsWith("shoplib/") || p.b().className().startsWith("shoplib/"));
    }

    @Test
    void given_as_application_code_the_race_is_at_the_dependencys_own_line() {
        StaticResult plain = Engines.byName("wala").analyze(input(List.of()));
        String l = line(LIB, "Inventory.java", "@L");
        pairAt(plain, l, l);
    }

    private static Path jar(String name, String path, String source, Path classPath) throws IOException {
        return TestJars.compile(dir, name, path, source, classPath, null);
    }
}
