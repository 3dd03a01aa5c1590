package racepipe.pipeline.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The "tool" and "program" blocks of a result file. */
public final class ProgramInfo {
    private ProgramInfo() {
    }

    public static Map<String, Object> tool() {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("name", "racepipe");
        t.put("version", ToolVersion.get());
        t.put("java", System.getProperty("java.version"));
        return t;
    }

    public static Map<String, Object> program(Path jar, String entry, List<String> args) throws IOException {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("jar", jar.toAbsolutePath().normalize().toString());
        p.put("sha256", Files.isRegularFile(jar) ? sha256(jar) : null);
        p.put("entry", entry);
        p.put("args", args);
        return p;
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
