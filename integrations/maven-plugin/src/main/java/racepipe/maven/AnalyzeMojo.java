package racepipe.maven;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import racepipe.pipeline.Main;

/**
 * {@code racepipe:analyze}: racepipe's analyze on the project's jar (else its classes folder) with
 * its runtime class path, through the CLI's own entry; reports in {@code target/racepipe/}. A
 * confirmed race fails the build unless {@code failOnRace} is false; a program that never got
 * going fails it always.
 */
@Mojo(name = "analyze", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.RUNTIME,
        threadSafe = false)
public final class AnalyzeMojo extends AbstractMojo {
    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** The class whose main starts the program; default: the jar manifest's Main-Class. */
    @Parameter(property = "racepipe.entry")
    String entry;

    /** The program's arguments. */
    @Parameter
    List<String> args;

    /** The time analyze may take (90s, 10m, 1h30m, none). */
    @Parameter(property = "racepipe.budget", defaultValue = "10m")
    String budget;

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

    /** Phase 1 dynamic runs. */
    @Parameter(property = "racepipe.runs")
    Integer runs;

    /** Where the reports go. */
    @Parameter(property = "racepipe.outputDirectory", defaultValue = "${project.build.directory}/racepipe")
    File outputDirectory;

    /** Skip the goal. */
    @Parameter(property = "racepipe.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("racepipe: skipped");
            return;
        }
        Path classes = Path.of(project.getBuild().getOutputDirectory());
        File artifact = project.getArtifact() == null ? null : project.getArtifact().getFile();
        Path program = artifact != null && artifact.isFile() && artifact.getName().endsWith(".jar") ? artifact.toPath() : classes;
        if (!Files.exists(program)) {
            throw new MojoExecutionException("racepipe: nothing to analyze: no " + classes + " (compile or package first)");
        }
        List<String> classPath;
        try {
            classPath = project.getRuntimeClasspathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("racepipe: the runtime class path is not resolved: " + e.getMessage(), e);
        }
        List<String> cli = AnalyzeArgs.of(new AnalyzeArgs.Settings(program, classes, classPath, entry, args, budget, baseline,
                suppress, trials, runs, outputDirectory.toPath(), project.getCompileSourceRoots()));
        getLog().info("racepipe: analyze " + program);
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(err, true), cli.toArray(new String[0]));
        Path report = outputDirectory.toPath().resolve("report.html");
        switch (code) {
            case 0 -> getLog().info("racepipe: no new race confirmed; report: " + report);
            case 1 -> {
                String msg = "racepipe: data races confirmed in " + program.getFileName() + "; report: " + report;
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
