package racepipe.pipeline.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.tests.runner.SuiteRunner;

/**
 * The class path entries a Phase 2 worker of {@code racepipe test} loads once, in the parent of
 * every trial's class loader: racepipe's test runner and the test framework (JUnit's platform,
 * Jupiter, vintage and JUnit 4 with the jars their API names). Each trial still loads the tests
 * and the project's classes afresh; JUnit's start-up (most of a cold trial: about a second under
 * the agent) is paid once per worker, and its launcher is reused. Other programs have no harness.
 */
public final class HarnessJars {
    /** The framework's jars by file name: what the tests' classes name and JUnit needs to see. */
    static final Pattern FRAMEWORK = Pattern.compile(
            "(junit-platform-.*|junit-jupiter-.*|junit-vintage-.*|junit-4\\..*|junit-3\\..*|opentest4j-.*|apiguardian-api-.*"
                    + "|hamcrest-core-.*|hamcrest-library-.*|hamcrest-\\d.*)\\.jar");
    private static final String RUNNER = SuiteRunner.class.getName().replace('.', '/') + ".class";

    private HarnessJars() {
    }

    /** The harness of a program: empty unless its entry is racepipe's test runner. */
    public static List<Path> of(ProgramInput program) {
        List<Path> out = new ArrayList<>();
        if (!program.entry().equals(SuiteRunner.class.getName())) {
            return out;
        }
        for (Path p : program.classPath()) {
            String name = p.getFileName() == null ? "" : p.getFileName().toString();
            if (FRAMEWORK.matcher(name).matches() || Files.isRegularFile(p.resolve(RUNNER))) {
                out.add(p);
            }
        }
        return out;
    }

    /** The program's class path without its harness: what each trial's own loader reads. */
    public static List<Path> rest(ProgramInput program, List<Path> harness) {
        List<Path> out = new ArrayList<>(program.paths());
        out.removeAll(harness);
        return out;
    }
}
