package racepipe.statics;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import racepipe.statics.engines.Engines;

/**
 * Fixture programs for the static engines: each is one package under
 * {@code racepipe.statics.fixtures}, compiled with the tests, analysed alone (its classes copied
 * into a jar of their own) from its {@code Main}. Racing lines carry {@code // @site LABEL}, as in
 * the benchmarks.
 */
final class Fixtures {
    static final Path CLASSES = Path.of("target/test-classes/racepipe/statics/fixtures");
    static final Path SOURCES = Path.of("src/test/java/racepipe/statics/fixtures");

    private Fixtures() {
    }

    /** The fixture package's classes in a jar of their own. */
    static Path jar(String fixture) {
        try {
            Path jar = Files.createTempFile("racepipe-fixture-" + fixture, ".jar");
            jar.toFile().deleteOnExit();
            String prefix = "racepipe/statics/fixtures/" + fixture + "/";
            try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os);
                 var files = Files.list(CLASSES.resolve(fixture))) {
                for (Path f : files.sorted().toList()) {
                    out.putNextEntry(new JarEntry(prefix + f.getFileName()));
                    out.write(Files.readAllBytes(f));
                    out.closeEntry();
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static StaticResult analyze(String engine, String fixture) {
        return Engines.byName(engine).analyze(AnalysisInput.of(jar(fixture),
                "racepipe.statics.fixtures." + fixture + ".Main"));
    }

    /** Label -> "File.java:line" over the fixture's sources. */
    static Map<String, String> labels(String fixture) {
        Pattern p = Pattern.compile("//\\s*@site\\s+([A-Za-z0-9_]+)");
        Map<String, String> out = new HashMap<>();
        try (var files = Files.list(SOURCES.resolve(fixture))) {
            for (Path f : files.sorted().toList()) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher m = p.matcher(lines.get(i));
                    if (m.find()) {
                        out.put(m.group(1), f.getFileName() + ":" + (i + 1));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The pairs as "labelA labelB" (sorted; a site on no label shows as File.java:line). */
    static Set<String> pairs(StaticResult r, String fixture) {
        Map<String, String> byLine = new HashMap<>();
        labels(fixture).forEach((label, line) -> byLine.put(line, label));
        return r.pairs().stream().map(p -> {
            String a = byLine.getOrDefault(p.a().file() + ":" + p.a().line(), p.a().file() + ":" + p.a().line());
            String b = byLine.getOrDefault(p.b().file() + ":" + p.b().line(), p.b().file() + ":" + p.b().line());
            return a.compareTo(b) <= 0 ? a + " " + b : b + " " + a;
        }).collect(Collectors.toSet());
    }
}
