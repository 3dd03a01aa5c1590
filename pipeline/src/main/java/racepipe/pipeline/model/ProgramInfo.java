package racepipe.pipeline.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import racepipe.pipeline.input.ProgramInput;

/** The "tool" and "program" blocks of a result file. */
public final class ProgramInfo {
    private ProgramInfo() {
    }

    public static Tool tool() {
        return new Tool("racepipe", ToolVersion.get(), System.getProperty("java.version"));
    }

    public static Program program(ProgramInput p) throws IOException {
        Program base = program(p.jar(), p.entry(), p.args());
        return new Program(base.jar(), base.sha256(), base.entry(), base.args(),
                p.classPath().isEmpty() ? null : p.classPath().stream().map(Path::toString).toList(),
                p.jvmArgs().isEmpty() ? null : p.jvmArgs());
    }

    public static Program program(Path jar, String entry, List<String> args) throws IOException {
        return new Program(jar.toAbsolutePath().normalize().toString(), Files.isRegularFile(jar) ? sha256(jar) : null,
                entry, List.copyOf(args));
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
