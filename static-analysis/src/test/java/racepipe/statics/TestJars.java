package racepipe.statics;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/** A jar compiled at test time from one source, optionally against a class path and with a manifest Class-Path. */
final class TestJars {
    private TestJars() {
    }

    static Path compile(Path dir, String name, String path, String source, Path classPath, String manifestClassPath)
            throws IOException {
        Path src = dir.resolve(name + "-src").resolve(path), classes = dir.resolve(name + "-classes");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        List<String> args = new ArrayList<>(List.of("--release", "17", "-g", "-d", classes.toString()));
        if (classPath != null) {
            args.addAll(List.of("-cp", classPath.toString()));
        }
        args.add(src.toString());
        if (ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("the test's own " + name + " did not compile");
        }
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (manifestClassPath != null) {
            m.getMainAttributes().put(Attributes.Name.CLASS_PATH, manifestClassPath);
        }
        Path jar = dir.resolve(name + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                j.write(Files.readAllBytes(f));
                j.closeEntry();
            }
        }
        return jar;
    }
}
