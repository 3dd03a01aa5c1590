package racepipe.dynamic.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import racepipe.contract.BytecodeOffsets;

/** The atomic-block rule, written down in AtomicBlocks: which methods are blocks and which instructions their operations. */
class AtomicBlocksTest {
    static volatile int v;
    static volatile int other;
    private int active;
    private final Map<String, Integer> cache = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    private final List<String> members = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

    synchronized int active() {
        return active;
    }

    synchronized void add() {
        active++;
    }

    void checkThenAct() { // two synchronized calls on one object: a block
        if (active() < 2) {
            add();
        }
    }

    static void volatileFlag() { // a volatile read, then written: a block
        if (v == 0) {
            v = v + 1;
        }
    }

    static void twoVolatiles() { // one access each to two volatiles: no group of two
        other = v;
    }

    int lazy(String k) { // get, then put, on a concurrent map: a block
        Integer x = cache.get(k);
        if (x == null) {
            cache.put(k, k.length());
        }
        return x == null ? 0 : x;
    }

    void joinOnce(String u) { // contains, then add, on a java.util.List (a synchronized or concurrent one at run time): a block
        if (!members.contains(u)) {
            members.add(u);
        }
    }

    void twoSections() { // read, then written, under two separate acquisitions: a block
        int t;
        synchronized (lock) {
            t = active;
        }
        synchronized (lock) {
            active = t + 1;
        }
    }

    void once() { // one synchronized call: no block, unless named
        add();
    }

    private static Map<String, List<Integer>> kinds(AtomicBlocks rule) throws Exception {
        byte[] bytes;
        try (InputStream in = AtomicBlocksTest.class.getResourceAsStream("AtomicBlocksTest.class")) {
            bytes = in.readAllBytes();
        }
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, ClassReader.EXPAND_FRAMES);
        Map<String, int[]> offsets = BytecodeOffsets.read(bytes);
        ClassHierarchy h = new ClassHierarchy(AtomicBlocksTest.class.getClassLoader());
        Map<String, List<Integer>> out = new TreeMap<>();
        for (MethodNode m : cn.methods) {
            Map<Integer, AtomicBlocks.Op> ops = rule.operations(cn.name, m, offsets.get(m.name + m.desc), h);
            if (!ops.isEmpty()) {
                out.put(m.name, new TreeMap<>(ops).values().stream().map(AtomicBlocks.Op::kind).toList());
            }
        }
        return out;
    }

    @Test
    void operations_should_follow_the_default_rule() throws Exception {
        Map<String, List<Integer>> k = kinds(AtomicBlocks.of(List.of("default")));
        int r = AtomicBlocks.READ, w = AtomicBlocks.WRITE, l = AtomicBlocks.LOCK;
        assertThat(k.get("checkThenAct")).containsExactly(l, l);
        assertThat(k.get("volatileFlag")).containsExactly(r, r, w);
        assertThat(k.get("lazy")).containsExactly(r, w);
        assertThat(k.get("joinOnce")).containsExactly(r, w);
        assertThat(k.get("twoSections")).containsExactly(l, l);
        assertThat(k).doesNotContainKeys("twoVolatiles", "once", "<init>", "active", "add");
    }

    @Test
    void named_methods_should_be_blocks_with_every_operation() throws Exception {
        Map<String, List<Integer>> k = kinds(AtomicBlocks.of(List.of(AtomicBlocksTest.class.getName() + "#once")));
        assertThat(k).containsOnlyKeys("once");
        assertThat(kinds(AtomicBlocks.NONE)).isEmpty();
    }
}
