package racepipe.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code racepipe:analyze}: racepipe's analyze on the project's jar (else its classes folder) with
 * its runtime class path, through the CLI's own entry; reports in {@code target/racepipe/}. A
 * confirmed race fails the build unless {@code failOnRace} is false; a program that never got
 * going fails it always.
 */
@Mojo(name = "analyze", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.RUNTIME,
        threadSafe = false)
public final class AnalyzeMojo extends RacepipeGoal {
    /** The class whose main starts the program; default: the jar manifest's Main-Class. */
    @Parameter(property = "racepipe.entry")
    String entry;

    /** The program's arguments. */
    @Parameter
    List<String> args;

    /** The time analyze may take (90s, 10m, 1h30m, none). */
    @Parameter(property = "racepipe.budget", defaultValue = "10m")
    String budget;

    /** Phase 1 dynamic runs. */
    @Parameter(property = "racepipe.runs")
    Integer runs;

    /** Where the reports go. */
    @Parameter(property = "racepipe.outputDirectory", defaultValue = "${project.build.directory}/racepipe")
    File outputDirectory;

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
                suppress, trials, runs, outputDirectory.toPath(), project.getCompileSourceRoots(), jvmArgs));
        getLog().info("racepipe: analyze " + program);
        run(cli, outputDirectory.toPath().resolve("report.html"), "data races confirmed in " + program.getFileName(),
                "no new race confirmed");
    }
}
