package racepipe.pipeline.model;

import java.util.List;

/** The "program" block of a result file: the jar (with its digest), the entry class and its arguments. */
public record Program(String jar, String sha256, String entry, List<String> args) {
}
