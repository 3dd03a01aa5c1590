package racepipe.dynamic.agent;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import racepipe.contract.BytecodeOffsets;
import racepipe.contract.SiteKey;
import racepipe.contract.WatchedLibrary;

/**
 * Every field and array access instruction of a jar (or class folder), and every call into
 * java.util (WatchedLibrary) or into the program's dependencies (as the agent brackets them),
 * with its site key, file and line, read without loading the classes: how a user's
 * {@code File.java:LINE} or {@code Class.method@bci} becomes a site key.
 */
public final class SiteIndex {
    /** One access instruction. */
    public record Entry(String key, String owner, String method, String desc, int bci, String file, int line,
                        String variable, boolean write) {
    }

    private SiteIndex() {
    }

    public static List<Entry> scan(Path jarOrDir) throws IOException {
        return scan(jarOrDir, List.of());
    }

    /** The sites of jarOrDir, whose class path {@code dependencies} is library code (its calls into them are sites). */
    public static List<Entry> scan(Path jarOrDir, List<Path> dependencies) throws IOException {
        List<Entry> out = new ArrayList<>();
        URL[] urls = new URL[dependencies.size() + 1];
        urls[0] = jarOrDir.toUri().toURL();
        for (int i = 0; i < dependencies.size(); i++) {
            urls[i + 1] = dependencies.get(i).toUri().toURL();
        }
        ClassHierarchy hierarchy = new ClassHierarchy(new URLClassLoader(urls, null), Dependencies.of(
                String.join(java.io.File.pathSeparator, dependencies.stream().map(Path::toString).toList())));
        if (Files.isDirectory(jarOrDir)) {
            try (Stream<Path> files = Files.walk(jarOrDir)) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                    index(Files.readAllBytes(f), hierarchy, out);
                }
            }
        } else {
            try (JarFile jar = new JarFile(jarOrDir.toFile())) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    JarEntry je = e.nextElement();
                    if (je.getName().endsWith(".class") && !je.getName().startsWith("META-INF/")) {
                        try (InputStream in = jar.getInputStream(je)) {
                            index(in.readAllBytes(), hierarchy, out);
                        }
                    }
                }
            }
        }
        return out;
    }

    private static void index(byte[] bytes, ClassHierarchy hierarchy, List<Entry> out) {
        ClassReader reader = new ClassReader(bytes);
        Map<String, int[]> offsets = BytecodeOffsets.read(bytes);
        String owner = reader.getClassName();
        String[] source = {"?"};
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visitSource(String s, String debug) {
                if (s != null) {
                    source[0] = s;
                }
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                InstructionCounter counter = new InstructionCounter(offsets.getOrDefault(name + desc, new int[0]));
                return counter.into(new MethodVisitor(Opcodes.ASM9) {
                    int line = -1;

                    @Override
                    public void visitLineNumber(int l, Label start) {
                        line = l;
                    }

                    @Override
                    public void visitFieldInsn(int op, String fo, String fn, String fd) {
                        ClassHierarchy.FieldRef ref = hierarchy.field(fo, fn);
                        if (!ref.isFinal() && !ref.isVolatile()) {
                            boolean w = op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC;
                            add(ref.owner().replace('/', '.') + "." + fn, w);
                        }
                    }

                    @Override
                    public void visitInsn(int op) {
                        if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
                            add("[]", false);
                        } else if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
                            add("[]", true);
                        }
                    }

                    @Override
                    public void visitMethodInsn(int o, String mowner, String mname, String mdesc, boolean i) {
                        WatchedLibrary.ArrayOperation a = o == Opcodes.INVOKESTATIC ? WatchedLibrary.arrayOperation(mowner, mname) : null;
                        if (a != null) {
                            add(WatchedLibrary.ARRAY_VARIABLE, a != WatchedLibrary.ArrayOperation.READ);
                        } else if (WatchedLibrary.isCall(mowner, mname)
                                || (!mname.equals("<init>") && hierarchy.leadsIntoDependency(mowner))) {
                            add(WatchedLibrary.callVariable(mowner, mname), false);
                        }
                    }

                    private void add(String variable, boolean write) {
                        int bci = counter.bci();
                        out.add(new Entry(SiteKey.of(owner, name, desc, bci), owner, name, desc, bci, source[0],
                                line, variable, write));
                    }
                });
            }
        }, 0);
    }
}
