package racepipe.pipeline.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The program a subcommand analyses: a jar (or class folder) and an entry class with a
 * {@code public static void main(String[])}. Every problem is a {@link UsageError} of one line.
 */
public record ProgramInput(Path jar, String entry, List<String> args) {

    public static ProgramInput check(Path jar, String entry, List<String> args) {
        if (jar == null || !Files.exists(jar)) {
            throw new UsageError("no such jar: " + jar);
        }
        if (entry == null || entry.isBlank()) {
            throw new UsageError("no entry class: give --entry CLASS");
        }
        byte[] bytes = entryBytes(jar, entry);
        if (bytes == null) {
            throw new UsageError("entry class " + entry + " is not in " + jar);
        }
        if (!hasMain(bytes)) {
            throw new UsageError("entry class " + entry + " has no public static void main(String[])");
        }
        return new ProgramInput(jar.toAbsolutePath().normalize(), entry,
                args == null ? List.of() : List.copyOf(args));
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
