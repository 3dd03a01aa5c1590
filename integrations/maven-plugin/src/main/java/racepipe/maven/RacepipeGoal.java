package racepipe.maven;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import racepipe.pipeline.Main;

/**
 * What racepipe's goals share: the settings every run takes (baseline, suppressions, trials,
 * skip, failOnRace), the class path a goal passes on, and how the CLI's exit code becomes the
 * build's outcome. Each goal builds its own command line and calls {@link #run}.
 */
abstract class RacepipeGoal extends AbstractMojo {
    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** Fail the build when a race is confirmed (not counting baseline or suppressed ones). */
    @Parameter(property = "racepipe.failOnRace", defaultValue = "true")
    boolean failOnRace;

    /** An earlier report.json (or its folder): its races are known and do not fail the build. */
    @Parameter(property = "racepipe.baseline")
    File baseline;

    /** Accepted races, one a line: SITE SITE # reason. */
    @Parameter(property = "racepipe.suppress")
    File suppress;

    /** The most RaceFuzzer trials a candidate gets. */
    @Parameter(property = "racepipe.trials")
    Integer trials;

    /**
     * Options for every JVM that runs the program or the tests (racepipe's --jvm-arg), e.g.
     * {@code <jvmArg>--add-opens=java.base/java.lang=ALL-UNNAMED</jvmArg>} for Mockito 1.x on JDK 17+.
     */
    @Parameter
    List<String> jvmArgs;

    /** Skip the goal. */
    @Parameter(property = "racepipe.skip", defaultValue = "false")
    boolean skip;

    /** {@code --cp} with the existing class path elements that are not the program itself, or nothing. */
    static List<String> classPathOption(List<String> elements, Path... program) {
        List<String> cp = new ArrayList<>();
        List<Path> own = java.util.Arrays.stream(program).map(p -> p.toAbsolutePath().normalize()).toList();
        for (String e : elements) {
            Path p = Path.of(e).toAbsolutePath().normalize();
            if (!own.contains(p) && Files.exists(p)) {
                cp.add(p.toString());
            }
        }
        return cp.isEmpty() ? List.of() : List.of("--cp", String.join(File.pathSeparator, cp));
    }

    /** {@code --jvm-arg=ARG} for each JVM option (one word each, so an option that starts with '--' is no racepipe option). */
    static List<String> jvmArgOptions(List<String> jvmArgs) {
        List<String> cli = new ArrayList<>();
        for (String a : jvmArgs == null ? List.<String>of() : jvmArgs) {
            if (a != null && !a.isBlank()) {
                cli.add("--jvm-arg=" + a.strip());
            }
        }
        return cli;
    }

    /** The options every goal passes on: baseline, suppressions, trials, and the source roots that exist. */
    static List<String> sharedOptions(File baseline, File suppress, Integer trials, List<String> sourceRoots) {
        List<String> cli = new ArrayList<>();
        if (baseline != null) {
            cli.addAll(List.of("--baseline", baseline.getPath()));
        }
        if (suppress != null) {
            cli.addAll(List.of("--suppress", suppress.getPath()));
        }
        if (trials != null) {
            cli.addAll(List.of("--trials", trials.toString()));
        }
        for (String root : sourceRoots == null ? List.<String>of() : sourceRoots) {
            if (Files.isDirectory(Path.of(root))) {
                cli.addAll(List.of("--source-root", root));
            }
        }
        return cli;
    }

    /**
     * Runs the CLI; exit 1 (races confirmed) fails the build unless failOnRace is false, 3 (the
     * analysis failed, the program never got going) always does, and so does any other.
     */
    void run(List<String> cli, Path report, String racesFound, String noneFound) throws MojoExecutionException, MojoFailureException {
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(err, true), cli.toArray(new String[0]));
        switch (code) {
            case 0 -> getLog().info("racepipe: " + noneFound + "; report: " + report);
            case 1 -> {
                String msg = "racepipe: " + racesFound + "; report: " + report;
                if (failOnRace) {
                    throw new MojoFailureException(msg);
                }
                getLog().warn(msg);
            }
            case 3 -> throw new MojoFailureException("racepipe: the analysis failed: " + err.toString().strip() + "; report: " + report);
            default -> throw new MojoExecutionException("racepipe: " + err.toString().strip().replaceFirst("^racepipe: ", ""));
        }
    }
}
