package racepipe.junit5.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What the launcher's probe wrote in the Phase 1 runs ({@code racepipe.junit5.Probe}): whether the
 * body ran, under the agent, and which of the program's classes got instrumented accesses. The
 * guard against a test that passes because nothing was watched.
 */
public final class Markers {
    private Markers() {
    }

    /** Why the runs do not show an instrumented body, or null when they do. */
    public static String problem(Path dir, Set<String> programClasses, String test, Path logs) throws IOException {
        List<String> texts = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.sorted().toList()) {
                    texts.add(Files.readString(p));
                }
            }
        }
        return problem(texts, programClasses, test, logs);
    }

    static String problem(List<String> texts, Set<String> programClasses, String test, Path logs) {
        if (texts.isEmpty()) {
            return "racepipe: the body of " + test + " never ran under racepipe: no run reached it (the run logs are in "
                    + logs + ")";
        }
        Set<String> instrumented = new TreeSet<>();
        boolean agent = false;
        for (String t : texts) {
            List<String> lines = t.lines().toList();
            if (lines.isEmpty() || !lines.get(0).startsWith("agent")) {
                continue;
            }
            agent = true;
            for (String owner : lines.subList(1, lines.size())) {
                if (programClasses.contains(owner.strip())) {
                    instrumented.add(owner.strip());
                }
            }
        }
        if (!agent) {
            return "racepipe: the body of " + test + " ran without racepipe's agent attached: nothing was watched";
        }
        if (instrumented.isEmpty()) {
            return "racepipe: the agent instrumented no field or array access in the test's classes while " + test
                    + " ran: the class files could not be instrumented (racepipe reads up to Java 17, class-file version 61;"
                    + " see the run logs in " + logs + "), or the body touches no shared memory of its own";
        }
        return null;
    }
}
