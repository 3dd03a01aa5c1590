package racepipe.pipeline.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import racepipe.pipeline.input.ProgramInput;

/**
 * The program a command runs: APP.jar, the --entry class and the program's ARGS. Mixed into the
 * commands whose help says the same of them (confirm, analyze); detect, static and replay describe
 * them in their own words and keep their own declarations.
 */
final class ProgramOptions {
    @Parameters(index = "0", paramLabel = "APP.jar")
    Path jar;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "the program's arguments (after --)")
    List<String> args = new ArrayList<>();

    @Option(names = "--entry", required = true)
    String entry;

    /** The program, checked: a one-line {@link racepipe.pipeline.input.UsageError} if it cannot be run. */
    ProgramInput check() {
        return ProgramInput.check(jar, entry, args);
    }
}
