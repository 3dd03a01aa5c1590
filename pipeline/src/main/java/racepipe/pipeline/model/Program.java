package racepipe.pipeline.model;

import java.util.List;

/**
 * The "program" block of a result file: the jar (with its digest), the entry class, its arguments
 * its class path (--cp, then the manifest's Class-Path; absent when empty) and the options of the
 * JVMs that ran it (--jvm-arg; absent when none).
 */
public record Program(String jar, String sha256, String entry, List<String> args, List<String> classpath, List<String> jvmArgs) {
    public Program(String jar, String sha256, String entry, List<String> args) {
        this(jar, sha256, entry, args, null, null);
    }

    public Program(String jar, String sha256, String entry, List<String> args, List<String> classpath) {
        this(jar, sha256, entry, args, classpath, null);
    }
}
