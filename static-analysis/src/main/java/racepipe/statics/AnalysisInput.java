package racepipe.statics;

import java.nio.file.Path;
import java.util.List;

/**
 * The program to analyse: application jars or class folders (the first holds the entry), the
 * entry class (dotted name) and the JDK whose classes are the library. {@code dependencies}: those
 * of the application paths that are the program's dependencies (its --cp): library code, whose
 * accesses count at the application's calls into them (WALA), or are not reported (SootUp).
 */
public record AnalysisInput(List<Path> application, String entryClass, Path javaHome, List<Path> dependencies) {

    public AnalysisInput {
        application = List.copyOf(application);
        dependencies = dependencies == null ? List.of() : List.copyOf(dependencies);
    }

    public AnalysisInput(List<Path> application, String entryClass, Path javaHome) {
        this(application, entryClass, javaHome, List.of());
    }

    public static AnalysisInput of(Path jar, String entryClass) {
        return new AnalysisInput(List.of(jar), entryClass, Path.of(System.getProperty("java.home")));
    }
}
