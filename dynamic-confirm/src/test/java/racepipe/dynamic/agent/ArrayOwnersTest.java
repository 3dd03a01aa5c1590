package racepipe.dynamic.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import racepipe.contract.BytecodeOffsets;

/** An array is named by where it came from: a field (directly or through a local holding it), a local, else its type. */
class ArrayOwnersTest {
    static int[] done = new int[1];
    int[][] grid = new int[2][2];

    static void direct() {
        done[0] = done[0] + 1;
    }

    static void throughLocal() {
        int[] d = done;
        d[0]++;
    }

    static void parameter(double[] sums) {
        sums[1] = 2;
    }

    static int[] make() {
        return new int[3];
    }

    static void callResult() {
        make()[0] = 1;
    }

    private static Map<String, TreeSet<String>> names() throws Exception {
        byte[] bytes;
        try (InputStream in = ArrayOwnersTest.class.getResourceAsStream("ArrayOwnersTest.class")) {
            bytes = in.readAllBytes();
        }
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, ClassReader.EXPAND_FRAMES);
        Map<String, int[]> offsets = BytecodeOffsets.read(bytes);
        Map<String, TreeSet<String>> out = new java.util.TreeMap<>();
        for (MethodNode m : cn.methods) {
            out.put(m.name, new TreeSet<>(ArrayOwners.of(cn.name, m, offsets.get(m.name + m.desc)).values()));
        }
        return out;
    }

    @Test
    void arrays_are_named_by_their_field_their_local_or_not_at_all() throws Exception {
        Map<String, TreeSet<String>> names = names();
        String me = ArrayOwnersTest.class.getName();
        assertThat(names.get("direct")).containsExactly(me + ".done[]");
        assertThat(names.get("throughLocal")).containsExactly(me + ".done[]");
        assertThat(names.get("parameter")).containsExactly(me + ".parameter:sums[]");
        assertThat(names.get("callResult")).isEmpty(); // a call's result: the element type stays
    }
}
