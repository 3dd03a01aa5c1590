package racepipe.pipeline.report;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps a class and its source file name to a path relative to a root folder: the first source
 * folder that holds {@code pkg/path/File.java} (or {@code File.java}, for a flat layout). The source
 * folders are those given (--source-root), else every {@code src/main/java} below the root. A file
 * outside the root is an absolute file URI; one found nowhere is the package path alone (as SARIF
 * viewers still show it).
 */
final class SourcePaths {
    private static final Set<String> SKIP = Set.of("target", "build", "node_modules", ".git", ".idea", "out");
    private static final int MAX_DEPTH = 8;

    private final Path root;
    private List<Path> sourceRoots;
    private final Map<String, String> cache = new HashMap<>();

    SourcePaths(Path root) {
        this(root, List.of());
    }

    /** {@code given}: the source folders to look in; empty: search below the root. */
    SourcePaths(Path root, List<Path> given) {
        this.root = root.toAbsolutePath().normalize();
        if (!given.isEmpty()) {
            sourceRoots = given.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        }
    }

    /** A forward-slash path relative to the root, never null. */
    String uri(String className, String file) {
        String rel = packagePath(className, file);
        return cache.computeIfAbsent(rel, this::find);
    }

    /** "a.b.Outer$Inner" + "Outer.java" -> "a/b/Outer.java". */
    static String packagePath(String className, String file) {
        String c = className == null ? "" : className.replace('/', '.');
        int dot = c.lastIndexOf('.');
        String pkg = dot < 0 ? "" : c.substring(0, dot).replace('.', '/') + "/";
        String name = file;
        if (name == null || name.isBlank() || name.contains("/") || name.contains("\\")) {
            String simple = dot < 0 ? c : c.substring(dot + 1);
            int dollar = simple.indexOf('$');
            name = (dollar > 0 ? simple.substring(0, dollar) : simple.isEmpty() ? "Unknown" : simple) + ".java";
        }
        return pkg + name;
    }

    private String find(String rel) {
        String flat = rel.substring(rel.lastIndexOf('/') + 1);
        for (Path src : sourceRoots()) {
            for (String candidate : rel.equals(flat) ? List.of(rel) : List.of(rel, flat)) {
                Path f = src.resolve(candidate);
                if (Files.isRegularFile(f)) {
                    return f.startsWith(root) ? root.relativize(f).toString().replace('\\', '/') : f.toUri().toString();
                }
            }
        }
        return rel;
    }

    private List<Path> sourceRoots() {
        if (sourceRoots != null) {
            return sourceRoots;
        }
        List<Path> found = new ArrayList<>();
        try {
            Files.walkFileTree(root, Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (!dir.equals(root) && SKIP.contains(String.valueOf(dir.getFileName()))) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (dir.endsWith(Path.of("src", "main", "java"))) {
                        found.add(dir);
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | RuntimeException e) {
            // an unreadable tree: fall back to package paths
        }
        found.sort(null);
        sourceRoots = found;
        return found;
    }
}
