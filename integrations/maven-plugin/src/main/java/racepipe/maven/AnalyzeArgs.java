package racepipe.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The racepipe analyze command line for a Maven project's program, its class path and the goal's settings. */
final class AnalyzeArgs {
    private AnalyzeArgs() {
    }

    record Settings(Path program, Path classes, List<String> runtimeClassPath, String entry, List<String> args, String budget,
                    File baseline, File suppress, Integer trials, Integer runs, Path out, List<String> sourceRoots,
                    List<String> jvmArgs) {
        Settings(Path program, Path classes, List<String> runtimeClassPath, String entry, List<String> args, String budget,
                 File baseline, File suppress, Integer trials, Integer runs, Path out, List<String> sourceRoots) {
            this(program, classes, runtimeClassPath, entry, args, budget, baseline, suppress, trials, runs, out, sourceRoots, List.of());
        }
    }

    static List<String> of(Settings s) {
        List<String> cli = new ArrayList<>(List.of("analyze", s.program().toString()));
        // the program itself (its classes folder, when the jar is analysed) is no dependency
        cli.addAll(RacepipeGoal.classPathOption(s.runtimeClassPath(), s.classes(), s.program()));
        if (s.entry() != null && !s.entry().isBlank()) {
            cli.addAll(List.of("--entry", s.entry().strip()));
        }
        cli.addAll(RacepipeGoal.jvmArgOptions(s.jvmArgs()));
        cli.addAll(List.of("--budget", s.budget(), "--out", s.out().toString()));
        if (s.runs() != null) {
            cli.addAll(List.of("--runs", s.runs().toString()));
        }
        cli.addAll(RacepipeGoal.sharedOptions(s.baseline(), s.suppress(), s.trials(), s.sourceRoots()));
        if (s.args() != null && !s.args().isEmpty()) {
            cli.add("--");
            cli.addAll(s.args());
        }
        return cli;
    }
}
