package racepipe.statics.internal.sootup;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;
import racepipe.contract.BytecodeOffsets;

/**
 * Jimple carries lines, not bytecode offsets: re-derive each access's offset from the original
 * class file with ASM. An access is matched by (method, line, field name or "[]", read/write)
 * and its occurrence among the equal keys, in instruction order on both sides.
 */
public final class BciMap {
    /** One field or array instruction of a method. */
    record Insn(int bci, int line, String name, boolean write) {
    }

    private final Map<String, Map<String, List<Insn>>> byClass = new HashMap<>();
    private final Map<String, String> sourceFiles = new HashMap<>();
    private final List<Path> app;

    public BciMap(List<Path> app) {
        this.app = app;
    }

    /** The bytecode offset of the k-th access (0-based) with this key, or -1. */
    public int bci(String internalClass, String methodDesc, int line, String name, boolean write, int k) {
        List<Insn> all = methods(internalClass).getOrDefault(methodDesc, List.of());
        int seen = 0;
        for (Insn i : all) {
            if (i.line == line && i.name.equals(name) && i.write == write && seen++ == k) {
                return i.bci;
            }
        }
        return -1;
    }

    public String sourceFile(String internalClass) {
        methods(internalClass);
        return sourceFiles.get(internalClass);
    }

    private Map<String, List<Insn>> methods(String internalClass) {
        return byClass.computeIfAbsent(internalClass, c -> {
            byte[] bytes = read(c + ".class");
            Map<String, List<Insn>> out = new HashMap<>();
            if (bytes == null) {
                return out;
            }
            ClassNode cn = new ClassNode();
            new ClassReader(bytes).accept(cn, 0);
            sourceFiles.put(c, cn.sourceFile);
            Map<String, int[]> offsets = BytecodeOffsets.read(bytes);
            for (MethodNode m : cn.methods) {
                int[] off = offsets.get(m.name + m.desc);
                if (off != null) {
                    out.put(m.name + m.desc, scan(m, off));
                }
            }
            return out;
        });
    }

    /** Each real instruction (opcode >= 0) in order is the next offset of the raw code array. */
    static List<Insn> scan(MethodNode m, int[] offsets) {
        List<Insn> out = new ArrayList<>();
        int line = -1;
        int idx = -1;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() >= 0) {
                idx++;
            }
            if (n instanceof LineNumberNode ln) {
                line = ln.line;
            } else if (n instanceof FieldInsnNode f) {
                boolean w = f.getOpcode() == Opcodes.PUTFIELD || f.getOpcode() == Opcodes.PUTSTATIC;
                out.add(new Insn(offsets[idx], line, f.name, w));
            } else if (n.getOpcode() >= Opcodes.IALOAD && n.getOpcode() <= Opcodes.SALOAD) {
                out.add(new Insn(offsets[idx], line, "[]", false));
            } else if (n.getOpcode() >= Opcodes.IASTORE && n.getOpcode() <= Opcodes.SASTORE) {
                out.add(new Insn(offsets[idx], line, "[]", true));
            }
        }
        return out;
    }

    private byte[] read(String entry) {
        for (Path p : app) {
            try {
                if (Files.isDirectory(p)) {
                    Path f = p.resolve(entry);
                    if (Files.isRegularFile(f)) {
                        return Files.readAllBytes(f);
                    }
                } else {
                    try (ZipFile z = new ZipFile(p.toFile())) {
                        ZipEntry e = z.getEntry(entry);
                        if (e != null) {
                            try (InputStream in = z.getInputStream(e)) {
                                return in.readAllBytes();
                            }
                        }
                    }
                }
            } catch (IOException e) {
                // try the next entry of the class path
            }
        }
        return null;
    }
}
