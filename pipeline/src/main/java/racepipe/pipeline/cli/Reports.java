package racepipe.pipeline.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.report.HtmlReport;
import racepipe.pipeline.report.SarifReport;

/** Writes the report files of an analyze beside report.json. */
final class Reports {
    private Reports() {
    }

    /** The reports show the pairs Phase 2 tried (the others stay in report.json and the set counts). */
    static void write(ResultFile r, Path dir, List<Path> sourceRoots) throws IOException {
        ResultFile tried = new ResultFile();
        tried.tool = r.tool;
        tried.program = r.program;
        tried.options = r.options;
        tried.runs = r.runs;
        tried.summary = r.summary;
        tried.failure = r.failure;
        tried.stopped = r.stopped;
        tried.uninstrumented = r.uninstrumented;
        tried.deadlocks = r.deadlocks;
        tried.atomicity = r.atomicity;
        tried.pairs = r.pairs.stream().filter(p -> p.verdict != null).toList();
        SarifReport.write(tried, dir.resolve("report.sarif"), Path.of(""), sourceRoots);
        HtmlReport.write(tried, dir.resolve("report.html"));
    }
}
