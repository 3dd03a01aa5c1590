package racepipe.pipeline.model;

/** The "tool" block of a result file: which racepipe on which Java wrote it. */
public record Tool(String name, String version, String java) {
}
