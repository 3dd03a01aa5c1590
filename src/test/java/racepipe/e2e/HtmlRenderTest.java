package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.report.HtmlReport;

/**
 * Opens the HTML report of the logservice fixture in headless Chromium: checks what rendered
 * (the summary, the diagram, every pair) and writes the screenshot to target/report-screenshot.png
 * (to docs/report-screenshot.png with {@code -Dracepipe.screenshot=docs}: a test run does not
 * change the tree).
 * Skipped where /usr/bin/chromium is absent (CI installs it: apt-get install -y chromium).
 */
class HtmlRenderTest {
    static final Path CHROMIUM = Path.of(System.getProperty("racepipe.chromium", "/usr/bin/chromium"));
    static final Path FIXTURE =
            Cli.ROOT.resolve("pipeline/src/test/resources/racepipe/pipeline/report/logservice-report.json");

    @TempDir
    Path tmp;

    record Run(int code, String out) {
    }

    Run chromium(String... args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(tmp, "chromium-profile");
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile));
        cmd.addAll(List.of(args));
        Path log = tmp.resolve("chromium-" + System.nanoTime() + ".log");
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("chromium did not end: " + cmd);
        }
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    @Test
    void report_renders_in_chromium_with_summary_diagram_and_pairs() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " (apt-get install -y chromium)");
        Path html = tmp.resolve("report.html");
        HtmlReport.write(ResultFile.read(FIXTURE), html);
        String url = html.toUri().toString();

        Run dom = chromium("--dump-dom", url);
        assertThat(dom.code()).as(dom.out()).isZero();
        assertThat(dom.out()).contains("id=\"summary\"").contains("racepipe report")
                .contains("benchmarks.logservice.Main").contains("<svg").contains("<circle")
                .contains("Predictor sets").contains("pair v-harmful").contains("pair v-real")
                .contains("pair v-unconfirmed").contains("java.lang.NullPointerException")
                .contains("racepipe replay");

        Path png = tmp.resolve("report.png");
        Run shot = chromium("--screenshot=" + png, "--window-size=1280,1600", "--hide-scrollbars", url);
        assertThat(shot.code()).isZero();
        assertThat(png).exists();
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes.length).isGreaterThan(10_000);
        assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
        Path dir = Cli.ROOT.resolve("docs".equals(System.getProperty("racepipe.screenshot")) ? "docs" : "target");
        Files.createDirectories(dir);
        Files.write(dir.resolve("report-screenshot.png"), bytes);
    }

}
