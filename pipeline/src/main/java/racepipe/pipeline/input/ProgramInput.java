package racepipe.pipeline.input;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The program a subcommand analyses: a jar (or class folder), an entry class with a
 * {@code public static void main(String[])}, its arguments, and its class path: the jars and
 * class folders given with {@code --cp}, then those of the jar manifest's Class-Path. Without an
 * entry the manifest's Main-Class is the entry. {@code jvmArgs} are the options every JVM that runs
 * the program gets (--jvm-arg: --add-opens, -D, -Xmx), as its user's java command has them. Every
 * problem is a {@link UsageError} of one line.
 */
public record ProgramInput(Path jar, String entry, List<String> args, List<Path> classPath, List<String> jvmArgs) {

    public ProgramInput {
        args = List.copyOf(args);
        classPath = List.copyOf(classPath);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** A program run with the JVM's defaults. */
    public ProgramInput(Path jar, String entry, List<String> args, List<Path> classPath) {
        this(jar, entry, args, classPath, List.of());
    }

    /** This program, its JVMs started with {@code options}. */
    public ProgramInput withJvmArgs(List<String> options) {
        return new ProgramInput(jar, entry, args, classPath, options);
    }

    public static ProgramInput check(Path jar, String entry, List<String> args) {
        return check(jar, entry, args, List.of());
    }

    /** {@code entry} null: the manifest's Main-Class; {@code cp}: the --cp entries, which must exist. */
    public static ProgramInput check(Path jar, String entry, List<String> args, List<Path> cp) {
        if (jar == null || !Files.exists(jar)) {
            throw new UsageError("no such jar: " + jar);
        }
        JarManifest manifest = JarManifest.of(jar);
        if (entry == null || entry.isBlank()) {
            entry = manifest.mainClass();
            if (entry == null) {
                throw new UsageError("no entry class: " + jar.getFileName() + " names no Main-Class in its manifest; give --entry CLASS");
            }
        }
        Set<Path> path = new LinkedHashSet<>();
        for (Path p : cp == null ? List.<Path>of() : cp) {
            path.addAll(expand(p));
        }
        path.addAll(manifest.classPath());
        byte[] bytes = entryBytes(jar, entry);
        for (Path p : path) { // as java -cp JAR:PATH finds it (racepipe test's replays: the suite runner is on the path)
            if (bytes == null && (Files.isDirectory(p) || Files.isRegularFile(p))) {
                bytes = entryBytes(p, entry);
            }
        }
        if (bytes == null) {
            throw new UsageError("entry class " + entry + " is not in " + jar + (path.isEmpty() ? "" : " or its class path"));
        }
        if (!hasMain(bytes)) {
            throw new UsageError("entry class " + entry + " has no public static void main(String[])");
        }
        Path app = jar.toAbsolutePath().normalize();
        path.remove(app);
        return new ProgramInput(app, entry, args == null ? List.of() : args, new ArrayList<>(path));
    }

    /** A --cp entry: a jar or class folder that exists, or DIR/* for the jars in DIR (as java -cp takes it). */
    static List<Path> expand(Path p) {
        if (p.getFileName() != null && p.getFileName().toString().equals("*")) {
            Path dir = p.getParent() == null ? Path.of(".") : p.getParent();
            if (!Files.isDirectory(dir)) {
                throw new UsageError("no such folder on --cp: " + dir);
            }
            try (var files = Files.list(dir)) {
                return files.filter(f -> f.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".jar"))
                        .map(f -> f.toAbsolutePath().normalize()).sorted().toList();
            } catch (IOException e) {
                throw new UsageError("cannot list " + dir + ": " + e.getMessage());
            }
        }
        if (!Files.exists(p)) {
            throw new UsageError("no such jar or folder on --cp: " + p);
        }
        return List.of(p.toAbsolutePath().normalize());
    }

    /** The jar, then its class path: what the program's class loader sees, in order. */
    public List<Path> paths() {
        List<Path> all = new ArrayList<>();
        all.add(jar);
        all.addAll(classPath);
        return all;
    }

    /** {@link #paths()} joined as a JVM's -cp takes them. */
    public String classPathString() {
        return String.join(File.pathSeparator, paths().stream().map(Path::toString).toList());
    }

    /**
     * The Java feature release the program's own classes need (class-file major version - 44), and
     * a class that needs it: the newest over the jar (or class folder), multi-release versions/
     * entries aside (a JVM reads only those it supports). Only the 8-byte headers are read.
     */
    public Need javaNeeded() {
        Need best = new Need(0, null);
        try {
            if (Files.isDirectory(jar)) {
                try (var files = Files.walk(jar)) {
                    for (Path f : (Iterable<Path>) files.filter(x -> x.toString().endsWith(".class"))::iterator) {
                        try (InputStream in = Files.newInputStream(f)) {
                            best = best.max(header(in), jar.relativize(f).toString());
                        }
                    }
                }
                return best;
            }
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                for (var it = zip.entries(); it.hasMoreElements(); ) {
                    ZipEntry e = it.nextElement();
                    if (!e.getName().endsWith(".class") || e.getName().startsWith("META-INF/")) {
                        continue;
                    }
                    try (InputStream in = zip.getInputStream(e)) {
                        best = best.max(header(in), e.getName());
                    }
                }
            }
        } catch (IOException e) {
            throw new UsageError("cannot read " + jar + ": " + e.getMessage());
        }
        return best;
    }

    /** {@code java}: the feature release needed (0: no class read); {@code className}: one class that needs it. */
    public record Need(int java, String className) {
        Need max(int major, String name) {
            int v = major - 44;
            return v > java ? new Need(v, name.replaceFirst("\\.class$", "")) : this;
        }
    }

    private static int header(InputStream in) throws IOException {
        byte[] h = in.readNBytes(8);
        if (h.length < 8 || (h[0] & 0xff) != 0xCA || (h[1] & 0xff) != 0xFE || (h[2] & 0xff) != 0xBA || (h[3] & 0xff) != 0xBE) {
            return 0;
        }
        return ((h[6] & 0xff) << 8) | (h[7] & 0xff);
    }

    /** A class's file from the jar or the class path, first found first (as the program's loader); null when none has it. */
    public byte[] classBytes(String className) {
        for (Path p : paths()) {
            if (Files.isDirectory(p) || Files.isRegularFile(p)) {
                byte[] b = entryBytes(p, className);
                if (b != null) {
                    return b;
                }
            }
        }
        return null;
    }

    private static byte[] entryBytes(Path jar, String entry) {
        String path = entry.replace('.', '/') + ".class";
        if (Files.isDirectory(jar)) {
            Path f = jar.resolve(path);
            try {
                return Files.isRegularFile(f) ? Files.readAllBytes(f) : null;
            } catch (IOException e) {
                throw new UsageError("cannot read " + f + ": " + e.getMessage());
            }
        }
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry e = zip.getEntry(path);
            if (e == null) {
                return null;
            }
            try (InputStream in = zip.getInputStream(e)) {
                return in.readAllBytes();
            }
        } catch (ZipException e) {
            throw new UsageError("not a jar: " + jar + " (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new UsageError("cannot read " + jar + ": " + e.getMessage());
        }
    }

    private static boolean hasMain(byte[] classFile) {
        boolean[] found = {false};
        try {
            new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                    int need = Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC;
                    if (name.equals("main") && desc.equals("([Ljava/lang/String;)V") && (access & need) == need) {
                        found[0] = true;
                    }
                    return null;
                }
            }, ClassReader.SKIP_CODE);
        } catch (RuntimeException e) {
            throw new UsageError("entry class does not parse: " + e.getMessage());
        }
        return found[0];
    }
}
