package racepipe.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The racepipe analyze command line for a Maven project's program, its class path and the goal's settings. */
final class AnalyzeArgs {
    private AnalyzeArgs() {
    }

    record Settings(Path program, Path classes, List<String> runtimeClassPath, String entry, List<String> args, String budget,
                    File baseline, File suppress, Integer trials, Integer runs, Path out, List<String> sourceRoots) {
    }

    static List<String> of(Settings s) {
        List<String> cli = new ArrayList<>(List.of("analyze", s.program().toString()));
        List<String> cp = new ArrayList<>();
        for (String e : s.runtimeClassPath()) {
            Path p = Path.of(e).toAbsolutePath().normalize();
            // the program itself (its classes folder, when the jar is analysed) is no dependency
            if (!p.equals(s.classes().toAbsolutePath().normalize()) && !p.equals(s.program().toAbsolutePath().normalize())
                    && Files.exists(p)) {
                cp.add(p.toString());
            }
        }
        if (!cp.isEmpty()) {
            cli.add("--cp");
            cli.add(String.join(File.pathSeparator, cp));
        }
        if (s.entry() != null && !s.entry().isBlank()) {
            cli.addAll(List.of("--entry", s.entry().strip()));
        }
        cli.addAll(List.of("--budget", s.budget(), "--out", s.out().toString()));
        if (s.baseline() != null) {
            cli.addAll(List.of("--baseline", s.baseline().getPath()));
        }
        if (s.suppress() != null) {
            cli.addAll(List.of("--suppress", s.suppress().getPath()));
        }
        if (s.trials() != null) {
            cli.addAll(List.of("--trials", s.trials().toString()));
        }
        if (s.runs() != null) {
            cli.addAll(List.of("--runs", s.runs().toString()));
        }
        for (String root : s.sourceRoots() == null ? List.<String>of() : s.sourceRoots()) {
            if (Files.isDirectory(Path.of(root))) {
                cli.addAll(List.of("--source-root", root));
            }
        }
        if (s.args() != null && !s.args().isEmpty()) {
            cli.add("--");
            cli.addAll(s.args());
        }
        return cli;
    }
}
