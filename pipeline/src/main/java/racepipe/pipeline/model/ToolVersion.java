package racepipe.pipeline.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * racepipe's version. Its one source is the pom's {@code project.version}, which Maven filters into
 * {@code racepipe/pipeline/version.properties} at build time.
 */
public final class ToolVersion {
    static final String RESOURCE = "/racepipe/pipeline/version.properties";

    private static volatile String version;

    private ToolVersion() {
    }

    /** The version of this build, e.g. {@code 0.1.0}. */
    public static String get() {
        String v = version;
        if (v == null) {
            version = v = load();
        }
        return v;
    }

    private static String load() {
        try (InputStream in = ToolVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing: build racepipe with Maven");
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "").strip();
            if (v.isEmpty() || v.contains("${")) {
                throw new IllegalStateException(RESOURCE + " was not filtered by Maven: version=" + v);
            }
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
