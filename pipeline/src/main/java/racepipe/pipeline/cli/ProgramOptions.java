package racepipe.pipeline.cli;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import racepipe.pipeline.input.ProgramInput;

/**
 * The program a command works on: APP.jar, the --entry class, the --cp class path and the
 * program's ARGS. Mixed into every command that takes a program (static, detect, confirm, replay,
 * analyze), so they are declared and described once; static, which does not run it, refuses ARGS.
 */
final class ProgramOptions {
    @Parameters(index = "0", paramLabel = "APP.jar", description = "the program: a jar or a class folder")
    Path jar;

    @Option(names = "--entry", paramLabel = "CLASS",
            description = "the class whose main starts the program (default: the Main-Class of the jar's manifest)")
    String entry;

    @Option(names = {"--cp", "--classpath"}, paramLabel = "PATH",
            description = "the program's dependencies: jars, class folders or DIR/* separated by ':' (repeatable);"
                    + " the jar manifest's Class-Path is added")
    List<String> cp = new ArrayList<>();

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "the program's arguments (after --)")
    List<String> args = new ArrayList<>();

    /** The --cp entries, each PATH split at the path separator. */
    List<Path> classPath() {
        List<Path> out = new ArrayList<>();
        for (String c : cp) {
            for (String p : c.split(File.pathSeparator)) {
                if (!p.isBlank()) {
                    out.add(Path.of(p));
                }
            }
        }
        return out;
    }

    /** The program, checked: a one-line {@link racepipe.pipeline.input.UsageError} if it cannot be run. */
    ProgramInput check() {
        return ProgramInput.check(jar, entry, args, classPath());
    }
}
