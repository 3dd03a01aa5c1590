package racepipe.contract;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * The offset of every instruction of every method, in code order, read from the raw class file:
 * ASM keeps the order but not the offsets (ldc/ldc_w, wide and switch padding make sizes
 * unknowable from its tree), and a site key needs the original bytecode index. The one reader
 * the agent and the static engines share. Keyed by method name + descriptor.
 */
public final class BytecodeOffsets {
    private BytecodeOffsets() {
    }

    public static Map<String, int[]> read(byte[] cls) {
        return read(cls, null);
    }

    /** Each method's max_locals (name + descriptor): the first local a rewrite may add. */
    public static Map<String, Integer> maxLocals(byte[] cls) {
        Map<String, Integer> out = new HashMap<>();
        read(cls, out);
        return out;
    }

    private static Map<String, int[]> read(byte[] cls, Map<String, Integer> maxLocals) {
        ByteBuffer b = ByteBuffer.wrap(cls);
        b.position(8);
        int cpCount = b.getShort() & 0xFFFF;
        String[] utf8 = new String[cpCount];
        for (int i = 1; i < cpCount; i++) {
            int tag = b.get() & 0xFF;
            switch (tag) {
                case 1 -> utf8[i] = modifiedUtf8(cls, b);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> b.position(b.position() + 4);
                case 5, 6 -> {
                    b.position(b.position() + 8);
                    i++;
                }
                case 7, 8, 16, 19, 20 -> b.position(b.position() + 2);
                case 15 -> b.position(b.position() + 3);
                default -> throw new IllegalArgumentException("bad constant pool tag " + tag);
            }
        }
        b.position(b.position() + 6);
        int interfaces = b.getShort() & 0xFFFF;
        b.position(b.position() + 2 * interfaces);
        skipMembers(b);
        Map<String, int[]> out = new HashMap<>();
        int methods = b.getShort() & 0xFFFF;
        for (int m = 0; m < methods; m++) {
            b.getShort();
            String name = utf8[b.getShort() & 0xFFFF];
            String desc = utf8[b.getShort() & 0xFFFF];
            int attrs = b.getShort() & 0xFFFF;
            for (int a = 0; a < attrs; a++) {
                String an = utf8[b.getShort() & 0xFFFF];
                int len = b.getInt();
                int end = b.position() + len;
                if (an.equals("Code")) {
                    b.getShort();
                    int locals = b.getShort() & 0xFFFF;
                    int codeLen = b.getInt();
                    if (maxLocals != null) {
                        maxLocals.put(name + desc, locals);
                    } else {
                        out.put(name + desc, offsets(cls, b.position(), codeLen));
                    }
                }
                b.position(end);
            }
        }
        return out;
    }

    /** A CONSTANT_Utf8 entry: the class file's modified UTF-8, as the JVM and ASM read it. */
    private static String modifiedUtf8(byte[] cls, ByteBuffer b) {
        int start = b.position();
        int len = b.getShort() & 0xFFFF;
        b.position(start + 2 + len);
        try {
            return new java.io.DataInputStream(new java.io.ByteArrayInputStream(cls, start, 2 + len)).readUTF();
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("bad constant pool string at " + start, e);
        }
    }

    private static void skipMembers(ByteBuffer b) {
        int n = b.getShort() & 0xFFFF;
        for (int i = 0; i < n; i++) {
            b.position(b.position() + 6);
            int attrs = b.getShort() & 0xFFFF;
            for (int a = 0; a < attrs; a++) {
                b.getShort();
                int len = b.getInt();
                b.position(b.position() + len);
            }
        }
    }

    private static int[] offsets(byte[] c, int start, int len) {
        int[] tmp = new int[len];
        int n = 0;
        int pc = 0;
        while (pc < len) {
            tmp[n++] = pc;
            int op = c[start + pc] & 0xFF;
            pc += size(c, start, pc, op);
        }
        return java.util.Arrays.copyOf(tmp, n);
    }

    private static int size(byte[] c, int start, int pc, int op) {
        switch (op) {
            case 0x10, 0x12, 0x15, 0x16, 0x17, 0x18, 0x19, 0xa9, 0xbc:
                return 2; // bipush ldc xload ret newarray
            case 0x11, 0x13, 0x14, 0x84, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f, 0xa0, 0xa1, 0xa2, 0xa3,
                    0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xbb, 0xbd,
                    0xc0, 0xc1, 0xc6, 0xc7:
                return 3;
            case 0x36, 0x37, 0x38, 0x39, 0x3a:
                return 2; // xstore
            case 0xc5:
                return 4; // multianewarray
            case 0xb9, 0xba, 0xc8, 0xc9:
                return 5; // invokeinterface invokedynamic goto_w jsr_w
            case 0xc4:
                return (c[start + pc + 1] & 0xFF) == 0x84 ? 6 : 4; // wide
            case 0xaa: {
                int p = (pc + 4) & ~3;
                int lo = readInt(c, start + p + 4);
                int hi = readInt(c, start + p + 8);
                return p - pc + 12 + 4 * (hi - lo + 1);
            }
            case 0xab: {
                int p = (pc + 4) & ~3;
                int npairs = readInt(c, start + p + 4);
                return p - pc + 8 + 8 * npairs;
            }
            default:
                return 1;
        }
    }

    private static int readInt(byte[] c, int i) {
        return ((c[i] & 0xFF) << 24) | ((c[i + 1] & 0xFF) << 16) | ((c[i + 2] & 0xFF) << 8) | (c[i + 3] & 0xFF);
    }
}
