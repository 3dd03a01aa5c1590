package racepipe.maven;

import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import racepipe.pipeline.Main;

/**
 * {@code racepipe:test}: racepipe's {@code test} on the project's compiled tests, unchanged, with
 * its test class path (Java's {@code go test -race}): reports in {@code target/racepipe/tests/}. A
 * confirmed race fails the build unless {@code failOnRace} is false. {@code -Dracepipe.tests=}
 * selects test classes or methods (comma-separated CLASS[#METHOD]); with {@code -Dracepipe.replay=}
 * it replays one trial of the one selected test, as a report's replay command does.
 */
@Mojo(name = "test", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST, threadSafe = false)
public final class TestMojo extends RacepipeGoal {
    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    PluginDescriptor plugin;

    /** Only these tests: CLASS or CLASS#METHOD (or a JUnit unique id), comma-separated. */
    @Parameter(property = "racepipe.tests")
    String tests;

    /** Replay one trial of the selected test: 'SITE SITE SEED [SCHEDULER]', as a report's replay command gives it. */
    @Parameter(property = "racepipe.replay")
    String replay;

    /** The time the whole run may take (90s, 10m, 1h30m, none). */
    @Parameter(property = "racepipe.budget", defaultValue = "30m")
    String budget;

    /** Where the reports go. */
    @Parameter(property = "racepipe.testsOutputDirectory", defaultValue = "${project.build.directory}/racepipe/tests")
    File outputDirectory;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("racepipe: skipped");
            return;
        }
        Path testClasses = Path.of(project.getBuild().getTestOutputDirectory());
        if (!Files.isDirectory(testClasses)) {
            throw new MojoExecutionException("racepipe: no compiled tests in " + testClasses + " (run test-compile first)");
        }
        List<String> classPath;
        try {
            classPath = project.getTestClasspathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("racepipe: the test class path is not resolved: " + e.getMessage(), e);
        }
        List<String> cli = new ArrayList<>(List.of("test", testClasses.toString()));
        cli.addAll(classPathOption(classPath, testClasses));
        cli.addAll(jvmArgOptions(jvmArgs));
        boolean replaying = replay != null && !replay.isBlank();
        if (tests != null && replaying) { // one test, by its id (a parameterized one's has commas)
            cli.addAll(List.of("--select", tests.strip()));
        } else if (tests != null) {
            for (String t : tests.split(",")) {
                if (!t.isBlank()) {
                    cli.addAll(List.of("--select", t.strip()));
                }
            }
        }
        if (replaying) {
            cli.addAll(List.of("--replay", replay.strip()));
            int code = Main.run(new PrintWriter(System.err, true), cli.toArray(new String[0]));
            if (code == 2 || code == 3) {
                throw new MojoExecutionException("racepipe: the replay failed (exit " + code + ")");
            }
            getLog().info(code == 1 ? "racepipe: the replay raced" : "racepipe: the replay did not race (exit " + code + ")");
            return;
        }
        cli.addAll(List.of("--budget", budget, "--out", outputDirectory.toString()));
        List<String> roots = new ArrayList<>(project.getCompileSourceRoots());
        roots.addAll(project.getTestCompileSourceRoots());
        cli.addAll(sharedOptions(baseline, suppress, trials, roots));
        cli.addAll(List.of("--replay-with", "mvn -q -f " + quote(project.getFile().getAbsolutePath()) + " " + plugin.getGroupId() + ":"
                + plugin.getArtifactId() + ":" + plugin.getVersion() + ":test -Dracepipe.tests={select} -Dracepipe.replay={replay}"));
        getLog().info("racepipe: test " + testClasses);
        run(cli, outputDirectory.toPath().resolve("report.html"), "data races confirmed in the tests", "no new race confirmed in the tests");
    }

    private static String quote(String s) {
        return s.matches("[A-Za-z0-9_./:@=,+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
