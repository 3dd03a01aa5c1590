package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import racepipe.statics.engines.Engines;

/**
 * Library accesses lifted to the application's java.util call sites (WALA). synclist: the
 * racing accesses are inside ArrayList; they must show at the labelled call lines, with the
 * call instruction's bytecode index (checked against {@code javap -c}: the invokeinterface of
 * {@code skus.containsAll(items)} etc. is at offset 5), and only C1 and C2: the catalog's own
 * calls hold the catalog wrapper's mutex, so C3/C4 are excluded by the lifted lock. miniserver:
 * no site inside the JDK. One analysis per benchmark.
 */
class LibraryLiftTest {
    static final Path SOURCES = Path.of("../benchmarks/src/main/java/benchmarks");
    static StaticResult synclist;
    static StaticResult miniserver;

    @BeforeAll
    static void analyse() throws Exception {
        Path jar = Path.of(benchmarks.synclist.Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        RaceEngine wala = Engines.byName("wala");
        synclist = wala.analyze(AnalysisInput.of(jar, "benchmarks.synclist.Main"));
        miniserver = wala.analyze(AnalysisInput.of(jar, "benchmarks.miniserver.Main"));
    }

    /** "File.java:line" of the {@code // @site label} in the benchmark's sources. */
    static String label(String bench, String label) throws IOException {
        Pattern p = Pattern.compile("//\\s*@site\\s+" + Pattern.quote(label) + "\\b");
        try (var files = Files.list(SOURCES.resolve(bench))) {
            for (Path f : files.sorted().toList()) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher m = p.matcher(lines.get(i));
                    if (m.find()) {
                        return f.getFileName() + ":" + (i + 1);
                    }
                }
            }
        }
        throw new AssertionError("no label " + label + " in " + bench);
    }

    static Set<String> locations(StaticResult r) {
        return r.pairs().stream()
                .map(p -> p.a().file() + ":" + p.a().line() + " | " + p.b().file() + ":" + p.b().line())
                .collect(Collectors.toSet());
    }

    static boolean inJdk(StaticSite s) {
        return s.className().startsWith("java/") || s.className().startsWith("jdk/") || s.className().startsWith("sun/");
    }

    @Test
    void synclistReportsExactlyC1AndC2AtTheCallSites() throws IOException {
        String covers = label("synclist", "covers");
        assertThat(locations(synclist)).containsExactlyInAnyOrder(
                covers + " | " + label("synclist", "pick"),
                covers + " | " + label("synclist", "restock"));
        assertThat(synclist.pairs()).extracting(StaticPair::key).containsExactlyInAnyOrder(
                "benchmarks/synclist/Catalog.covers(Ljava/util/List;)Z@5|benchmarks/synclist/Order.picked(Ljava/util/Collection;)V@5",
                "benchmarks/synclist/Catalog.covers(Ljava/util/List;)Z@5|benchmarks/synclist/Order.returned(Ljava/util/Collection;)V@5");
    }

    @Test
    void synclistSitesAreApplicationCallsWithJdkVariables() {
        for (StaticPair p : synclist.pairs()) {
            assertThat(inJdk(p.a()) || inJdk(p.b())).as(p.key()).isFalse();
            assertThat(p.variable()).startsWith("java.");
            // the checker only reads pending; the picker writes it (removeAll / addAll)
            assertThat(p.a().method()).isEqualTo("covers");
            assertThat(p.a().write()).isFalse();
            assertThat(p.b().write()).isTrue();
            assertThat(p.evidence()).containsKeys("variables", "libraryA", "libraryB");
            assertThat(p.evidence().get("variables").toString()).contains("java.util.AbstractList.modCount");
            // each side holds its own wrapper's mutex, named from the once-allocated owner
            assertThat(p.evidence().get("locksA").toString()).contains("Catalog.skus.java/util/Collections$SynchronizedCollection.mutex");
            assertThat(p.evidence().get("locksB").toString()).contains("Order.pending.java/util/Collections$SynchronizedCollection.mutex");
        }
    }

    @Test
    void miniserverReportsNoSiteInsideTheJdk() {
        assertThat(miniserver.pairs()).isNotEmpty();
        assertThat(miniserver.pairs()).noneMatch(p -> inJdk(p.a()) || inJdk(p.b()));
        assertThat(miniserver.pairs()).allMatch(p -> p.a().file().endsWith(".java") && p.a().line() > 0);
    }
}
