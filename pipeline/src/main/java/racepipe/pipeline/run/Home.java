package racepipe.pipeline.run;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarFile;
import racepipe.pipeline.input.UsageError;

/**
 * Where racepipe is installed: the launcher passes -Dracepipe.home. The agent jar is there under
 * lib/ in the distribution (bin/racepipe, lib/), or under dynamic-confirm/target/ in a built tree
 * (scripts/racepipe). Without racepipe.home (the pipeline as a library: the JUnit extension, the
 * Maven plugin) it is the jar the agent's classes were loaded from, e.g. in the local Maven
 * repository, under the name its manifest's Boot-Class-Path gives ({@link #agentOnClassPath}).
 */
public final class Home {
    static final List<String> AGENT = List.of("lib/racepipe-agent.jar", "dynamic-confirm/target/racepipe-agent.jar");
    /** The agent's file name: its manifest's Boot-Class-Path names it, relative to the jar's folder. */
    static final String AGENT_NAME = "racepipe-agent.jar";
    private static final String AGENT_CLASS = "racepipe.dynamic.agent.Agent";

    private Home() {
    }

    public static Path root() {
        String home = System.getProperty("racepipe.home");
        return Path.of(home != null ? home : ".").toAbsolutePath().normalize();
    }

    public static Path agentJar() {
        Path root = root();
        boolean installed = System.getProperty("racepipe.home") != null;
        if (!installed) {
            Path jar = agentOnClassPath();
            if (jar != null) {
                return jar;
            }
        }
        for (String rel : AGENT) {
            Path jar = root.resolve(rel);
            if (Files.isRegularFile(jar)) {
                return jar;
            }
        }
        throw new UsageError("the agent jar is missing (no " + String.join(" or ", AGENT) + " in " + root
                + (installed ? "" : ", and racepipe-dynamic-confirm is no jar on the class path")
                + "): reinstall racepipe, or build with mvn -B package -DskipTests");
    }

    /**
     * The agent jar this class path loads the agent from (racepipe-dynamic-confirm-VERSION.jar in a
     * Maven repository), or null when it is no agent jar (a class folder). The JVM reads its
     * Boot-Class-Path relative to the jar, so a jar of another name is copied once into a
     * per-content folder under java.io.tmpdir as racepipe-agent.jar.
     */
    static Path agentOnClassPath() {
        Path jar;
        try {
            CodeSource src = Class.forName(AGENT_CLASS, false, Home.class.getClassLoader()).getProtectionDomain().getCodeSource();
            if (src == null || src.getLocation() == null) {
                return null;
            }
            jar = Path.of(src.getLocation().toURI());
        } catch (ClassNotFoundException | URISyntaxException | IllegalArgumentException | SecurityException e) {
            return null;
        }
        if (!Files.isRegularFile(jar) || !isAgent(jar)) {
            return null;
        }
        return jar.getFileName().toString().equals(AGENT_NAME) ? jar : named(jar, Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** A jar whose manifest names a Premain-Class: the shaded agent, not a plain class jar. */
    static boolean isAgent(Path jar) {
        try (JarFile f = new JarFile(jar.toFile())) {
            return f.getManifest() != null && f.getManifest().getMainAttributes().getValue("Premain-Class") != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** {@code jar} as DIR/racepipe-agent.jar, DIR a folder under {@code tmp} named by the jar's content. */
    static Path named(Path jar, Path tmp) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            try (InputStream in = Files.newInputStream(jar)) {
                byte[] buf = new byte[1 << 16];
                for (int n; (n = in.read(buf)) > 0; ) {
                    sha.update(buf, 0, n);
                }
            }
            String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9_.-]", "_");
            Path dir = tmp.resolve("racepipe-agent-" + user).resolve(HexFormat.of().formatHex(sha.digest(), 0, 8));
            Path target = dir.resolve(AGENT_NAME);
            if (Files.isRegularFile(target) && Files.size(target) == Files.size(jar)) {
                return target;
            }
            Files.createDirectories(dir);
            Path part = Files.createTempFile(dir, "agent", ".part");
            Files.copy(jar, part, StandardCopyOption.REPLACE_EXISTING);
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new UsageError("cannot place the agent jar " + jar + " under " + tmp + ": " + e.getMessage());
        }
    }

    public static Path javaBinary() {
        return Jdk.home().resolve("bin").resolve("java");
    }
}
