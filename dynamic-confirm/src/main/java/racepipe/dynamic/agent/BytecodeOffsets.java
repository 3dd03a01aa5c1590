package racepipe.dynamic.agent;

import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;

/**
 * The bytecode offset of every instruction of every method, in the order ASM visits them, read
 * straight from the class file: ASM's visitor API does not expose offsets, and the site key
 * needs the original bci.
 */
final class BytecodeOffsets {
    private final Map<String, int[]> byMethod = new HashMap<>();

    BytecodeOffsets(ClassReader r) {
        char[] buf = new char[r.getMaxStringLength()];
        int off = r.header + 6;
        off += 2 + 2 * r.readUnsignedShort(off); // interfaces
        int fields = r.readUnsignedShort(off);
        off += 2;
        for (int i = 0; i < fields; i++) {
            off = skipMember(r, off);
        }
        int methods = r.readUnsignedShort(off);
        off += 2;
        for (int i = 0; i < methods; i++) {
            String name = r.readUTF8(off + 2, buf);
            String desc = r.readUTF8(off + 4, buf);
            int attrs = r.readUnsignedShort(off + 6);
            int a = off + 8;
            for (int j = 0; j < attrs; j++) {
                String attr = r.readUTF8(a, buf);
                int len = r.readInt(a + 2);
                if (attr.equals("Code")) {
                    int codeLength = r.readInt(a + 10);
                    byMethod.put(name + desc, decode(r, a + 14, codeLength));
                }
                a += 6 + len;
            }
            off = a;
        }
    }

    private static int skipMember(ClassReader r, int off) {
        int attrs = r.readUnsignedShort(off + 6);
        int a = off + 8;
        for (int j = 0; j < attrs; j++) {
            a += 6 + r.readInt(a + 2);
        }
        return a;
    }

    /** Offsets of the instructions of one method, in code order. */
    int[] of(String nameAndDesc) {
        return byMethod.getOrDefault(nameAndDesc, new int[0]);
    }

    private static int[] decode(ClassReader r, int start, int length) {
        int[] out = new int[Math.max(4, length)];
        int n = 0;
        int pc = 0;
        while (pc < length) {
            out[n++] = pc;
            pc += size(r, start, pc);
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static int size(ClassReader r, int start, int pc) {
        int op = r.readByte(start + pc);
        switch (op) {
            case 16, 18, 21, 22, 23, 24, 25, 54, 55, 56, 57, 58, 169, 188:
                return 2;
            case 17, 19, 20, 132, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166,
                    167, 168, 178, 179, 180, 181, 182, 183, 184, 187, 189, 192, 193, 198, 199:
                return 3;
            case 197:
                return 4;
            case 185, 186, 200, 201:
                return 5;
            case 196: // wide
                return r.readByte(start + pc + 1) == 132 ? 6 : 4;
            case 170: { // tableswitch
                int p = pc + 1 + ((4 - (pc + 1) % 4) % 4);
                int low = r.readInt(start + p + 4);
                int high = r.readInt(start + p + 8);
                return p - pc + 12 + 4 * (high - low + 1);
            }
            case 171: { // lookupswitch
                int p = pc + 1 + ((4 - (pc + 1) % 4) % 4);
                int pairs = r.readInt(start + p + 4);
                return p - pc + 8 + 8 * pairs;
            }
            default:
                return 1;
        }
    }
}
