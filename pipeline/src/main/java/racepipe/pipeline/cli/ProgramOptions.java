package racepipe.pipeline.cli;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import racepipe.pipeline.input.JvmArgs;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.run.Jdk;

/**
 * The program a command works on: APP.jar, the --entry class, the --cp class path, the --jvm-arg
 * options of its JVMs and the program's ARGS. Mixed into every command that takes a program (static, detect, confirm, replay,
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

    @Option(names = "--jdk", paramLabel = "HOME",
            description = "the JDK the program runs on (its bin/java; the static engines read its classes);"
                    + " default: the one racepipe runs on (JAVA_HOME)")
    Path jdk;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "an option for every JVM that runs the program (repeatable), as its java command has it,"
                    + " e.g. --jvm-arg=--add-opens=java.base/java.lang=ALL-UNNAMED (Mockito 1.x, PowerMock, Groovy on JDK 17+),"
                    + " --jvm-arg=-Xmx2g, --jvm-arg=-Dkey=value")
    List<String> jvmArgs = new ArrayList<>();

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

    /**
     * The program, checked: a one-line {@link racepipe.pipeline.input.UsageError} if it cannot be
     * run, also when its classes need a newer Java than the JDK it would run on (refused before
     * any run: the JVM would only fail to load them).
     */
    ProgramInput check() {
        Jdk.use(jdk);
        List<String> options = JvmArgs.check(jvmArgs);
        ProgramInput program = ProgramInput.check(jar, entry, args, classPath()).withJvmArgs(options);
        ProgramInput.Need need = program.javaNeeded();
        int have = Jdk.feature();
        if (have > 0 && need.java() > have) {
            throw new UsageError(jar.getFileName() + " needs Java " + need.java() + " (" + need.className()
                    + " has class-file version " + (need.java() + 44) + "), but racepipe would run it on Java " + have
                    + " (" + Jdk.home() + "): set JAVA_HOME to a JDK " + need.java() + " or newer, or give --jdk HOME");
        }
        return program;
    }
}
