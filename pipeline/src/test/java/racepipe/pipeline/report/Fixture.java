package racepipe.pipeline.report;

import java.io.IOException;
import java.io.InputStream;
import racepipe.pipeline.model.ResultFile;

/** The analyze-shaped report.json of logservice (four pairs: harmful, real, real, unconfirmed). */
final class Fixture {
    private Fixture() {
    }

    static ResultFile logservice() throws IOException {
        try (InputStream in = Fixture.class.getResourceAsStream("logservice-report.json")) {
            return ResultFile.JSON.readValue(in, ResultFile.class);
        }
    }
}
