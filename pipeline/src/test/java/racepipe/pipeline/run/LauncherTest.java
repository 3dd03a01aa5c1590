package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LauncherTest {
    @TempDir
    Path tmp;

    @Test
    void racepipe_is_named_bare_only_when_the_first_one_on_path_is_this_launcher() throws Exception {
        Path self = Files.createDirectories(tmp.resolve("install/bin")).resolve("racepipe");
        Files.writeString(self, "#!/bin/sh\n");
        Files.setPosixFilePermissions(self, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path links = Files.createDirectories(tmp.resolve("links"));
        Files.createSymbolicLink(links.resolve("racepipe"), self);
        Path other = Files.createDirectories(tmp.resolve("other"));
        Files.copy(self, other.resolve("racepipe"));
        String sep = java.io.File.pathSeparator;
        assertThat(Launcher.onPath(self, tmp.resolve("empty") + sep + links)).isTrue(); // through a symlink
        assertThat(Launcher.onPath(self, other + sep + links)).isFalse();               // another racepipe comes first
        assertThat(Launcher.onPath(self, tmp.toString())).isFalse();
        assertThat(Launcher.onPath(self, null)).isFalse();
    }
}
