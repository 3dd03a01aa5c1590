package racepipe.pipeline;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import racepipe.pipeline.cli.DetectCommand;
import racepipe.pipeline.input.CrashLog;
import racepipe.pipeline.input.ProgramFailure;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ToolVersion;

/** The racepipe command line. */
@Command(name = "racepipe", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "Predicts data races in a Java program and proves them by directed scheduling.",
        subcommands = {DetectCommand.class, racepipe.pipeline.cli.StaticCommand.class, racepipe.pipeline.cli.ConfirmCommand.class,
                racepipe.pipeline.cli.ReplayCommand.class, racepipe.pipeline.cli.AnalyzeCommand.class,
                racepipe.pipeline.cli.BenchCommand.class, racepipe.pipeline.cli.TestCommand.class,
                racepipe.pipeline.cli.ExploreCommand.class, racepipe.pipeline.cli.TraceCommand.class,
                racepipe.pipeline.cli.CompletionCommand.class},
        footer = {"", "Exit codes: 0 nothing confirmed (detect, and static without --exit-code: they ran), 1 races confirmed (static --exit-code: pairs found), 2 usage error or bad input, 3 the analysis failed or the program never got going."})
public final class Main {
    public static void main(String[] args) {
        System.exit(run(args));
    }

    public static int run(String... args) {
        return run(null, args);
    }

    /**
     * The CLI as a library call (the JUnit extension, the Maven plugin): the exit code instead of
     * System.exit; {@code err}, when given, gets the one-line messages of exit codes 2 and 3.
     */
    public static int run(java.io.PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new Main());
        if (err != null) {
            cl.setErr(err);
        }
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof UsageError u) {
                cmd.getErr().println("racepipe: " + u.getMessage());
                return 2;
            }
            if (ex instanceof ProgramFailure f) {
                cmd.getErr().println("racepipe: " + f.getMessage());
                return 3;
            }
            cmd.getErr().println("racepipe: " + CrashLog.line(ex));
            return 3;
        });
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("racepipe: " + ex.getMessage());
            return 2;
        });
        try {
            return cl.execute(args);
        } catch (RuntimeException | Error e) { // picocli hands Errors (WALA's UnimplementedError, OOM) straight through
            cl.getErr().println("racepipe: " + CrashLog.line(e));
            cl.getErr().flush();
            return 3;
        } finally {
            CrashLog.forget();
        }
    }

    /** {@code racepipe --version}: the version the pom gave this build. */
    public static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"racepipe " + ToolVersion.get()};
        }
    }
}
