package racepipe.pipeline.run;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How printed commands (replay) call racepipe so that they work from any folder: {@code racepipe}
 * when the launcher that runs now is the one on PATH, else the launcher's absolute path (the
 * launcher passes it as -Dracepipe.launcher).
 */
public final class Launcher {
    private Launcher() {
    }

    public static String command() {
        String launcher = System.getProperty("racepipe.launcher");
        if (launcher == null || launcher.isBlank()) {
            return "racepipe";
        }
        Path self = Path.of(launcher).toAbsolutePath().normalize();
        return onPath(self, System.getenv("PATH")) ? "racepipe" : Replay.quote(self.toString());
    }

    static boolean onPath(Path self, String path) {
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, "racepipe");
            if (Files.isExecutable(p)) {
                try {
                    return Files.isSameFile(p, self); // the first racepipe on PATH is the one a shell runs
                } catch (IOException e) {
                    return false;
                }
            }
        }
        return false;
    }
}
