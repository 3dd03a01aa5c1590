package racepipe.pipeline.model;

import java.util.List;

/**
 * The "program" block of a result file: the jar (with its digest), the entry class, its arguments
 * and its class path (--cp, then the manifest's Class-Path; absent when empty).
 */
public record Program(String jar, String sha256, String entry, List<String> args, List<String> classpath) {
    public Program(String jar, String sha256, String entry, List<String> args) {
        this(jar, sha256, entry, args, null);
    }
}
