package racepipe.pipeline.cli;

import java.io.IOException;
import java.nio.file.Path;
import racepipe.pipeline.model.ResultFile;

/** Writes the report files of an analyze beside report.json (SARIF and HTML: being added). */
final class Reports {
    private Reports() {
    }

    static void write(ResultFile r, Path dir) throws IOException {
        // report.sarif and report.html are written here once their writers land
    }
}
