package racepipe.statics.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;
import racepipe.statics.AnalysisInput;
import racepipe.statics.StaticInputError;

/** Every application path is a class folder or a jar that opens; else one clear line. */
public final class InputCheck {
    private InputCheck() {
    }

    public static void check(AnalysisInput in) {
        for (Path p : in.application()) {
            if (Files.isDirectory(p)) {
                continue;
            }
            if (!Files.isRegularFile(p)) {
                throw new StaticInputError("no such jar or class folder: " + p);
            }
            try (ZipFile z = new ZipFile(p.toFile())) {
                z.size();
            } catch (IOException e) {
                throw new StaticInputError("not a jar: " + p + " (" + e.getMessage() + ")");
            }
        }
    }
}
