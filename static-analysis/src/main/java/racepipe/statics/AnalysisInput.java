package racepipe.statics;

import java.nio.file.Path;
import java.util.List;

/**
 * The program to analyse: application jars or class folders (the first holds the entry), the
 * entry class (dotted name) and the JDK whose classes are the library.
 */
public record AnalysisInput(List<Path> application, String entryClass, Path javaHome) {

    public AnalysisInput {
        application = List.copyOf(application);
    }

    public static AnalysisInput of(Path jar, String entryClass) {
        return new AnalysisInput(List.of(jar), entryClass, Path.of(System.getProperty("java.home")));
    }
}
