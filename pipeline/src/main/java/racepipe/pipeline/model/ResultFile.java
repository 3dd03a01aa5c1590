package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON every subcommand's --json writes (DESIGN.md, "The contract between the phases"). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ResultFile {
    public static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public Map<String, Object> tool = new LinkedHashMap<>();
    public Map<String, Object> program = new LinkedHashMap<>();
    public Map<String, Object> options = new LinkedHashMap<>();
    public List<RacePair> pairs = new ArrayList<>();
    public List<Map<String, Object>> runs;
    /** analyze: the predictor sets, counts, verdicts and phase times. */
    public Map<String, Object> summary;

    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        JSON.writeValue(file.toFile(), this);
    }

    public static ResultFile read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), ResultFile.class);
    }
}
