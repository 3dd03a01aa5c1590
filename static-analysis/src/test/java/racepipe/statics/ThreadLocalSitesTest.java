package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;
import racepipe.contract.BytecodeOffsets;
import racepipe.contract.SiteKey;
import racepipe.statics.engines.Engines;

/**
 * Thread-local access sites (WALA): accesses to objects that never leave the thread that made
 * them. Each listed key is named by its fixture line's label and its instruction.
 */
class ThreadLocalSitesTest {
    static final String FIXTURE = "threadlocalsites";
    static final String PACKAGE = "racepipe/statics/fixtures/" + FIXTURE + "/";
    static StaticResult result;

    @BeforeAll
    static void analyse() {
        result = Fixtures.analyze("wala", FIXTURE);
    }

    @Test
    void each_threads_own_objects_are_listed_and_nothing_another_thread_may_reach() {
        List<String> mine = result.threadLocal().stream().filter(k -> k.startsWith(PACKAGE)).toList();
        Map<String, String> byLine = new HashMap<>();
        Fixtures.labels(FIXTURE).forEach((label, line) -> byLine.put(line, label));
        Map<String, String> instructions = new HashMap<>();
        try (var files = Files.list(Fixtures.CLASSES.resolve(FIXTURE))) {
            for (Path f : files.toList()) {
                instructions.putAll(instructions(Files.readAllBytes(f)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> named = mine.stream().map(k -> {
            String[] lineAndOp = instructions.get(k).split(" ");
            return byLine.getOrDefault(lineAndOp[0], lineAndOp[0]) + " " + lineAndOp[1];
        }).toList();
        // main's own box, point and thread array; each worker's own box and buffer. Not: the
        // counter both workers write, the box and array main hands them, the box published by
        // compareAndSet, the box that may come out of the shared map, the task's result, statics,
        // a helper used on an own and a shared box, the volatile flag, the workers' own fields
        assertThat(named).containsExactlyInAnyOrder(
                "threadsWrite xASTORE", "threadsRead xALOAD", "threadsJoin xALOAD",
                "mainWrite PUTFIELD", "mainRead GETFIELD", "mainPoint GETFIELD", "mainPoint GETFIELD",
                "pointInit PUTFIELD", "pointInit2 PUTFIELD",
                "ownWrite PUTFIELD", "ownRead GETFIELD", "ownRead IASTORE", "ownArrayRead IALOAD");
        assertThat(result.threadLocal()).isSorted().doesNotHaveDuplicates();
        assertThat(result.stats()).containsEntry("threadLocalSites", result.threadLocal().size());
        assertThat(result.threadLocal()).doesNotContainAnyElementsOf(pairSites(result));
    }

    @Test
    void no_site_of_a_logservice_race_is_listed() throws Exception {
        Path jar = Path.of(benchmarks.logservice.Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        StaticResult r = Engines.byName("wala").analyze(AnalysisInput.of(jar, "benchmarks.logservice.Main"));
        assertThat(r.pairs()).isNotEmpty();
        assertThat(r.threadLocal()).doesNotContainAnyElementsOf(pairSites(r));
        // m1 m3 m5 m6 w1 w3 w6 w7 w8: every access of LogService.java's labelled lines
        Set<Integer> raceLines = Set.of(23, 25, 27, 29, 41, 44, 47, 52, 53);
        Map<String, String> service;
        try (InputStream in = benchmarks.logservice.Main.class.getResourceAsStream("LogService.class")) {
            service = instructions(in.readAllBytes());
        }
        assertThat(r.threadLocal()).noneMatch(k -> service.containsKey(k)
                && raceLines.contains(Integer.parseInt(service.get(k).split(" ")[0].split(":")[1])));
    }

    @Test
    void sootup_lists_none() {
        assertThat(Engines.byName("sootup").analyze(AnalysisInput.of(Fixtures.jar(FIXTURE),
                "racepipe.statics.fixtures." + FIXTURE + ".Main")).threadLocal()).isEmpty();
    }

    static Set<String> pairSites(StaticResult r) {
        Set<String> out = new java.util.HashSet<>();
        r.pairs().forEach(p -> {
            out.add(p.a().key());
            out.add(p.b().key());
        });
        return out;
    }

    /** Key -> "File.java:line OPCODE" of every instruction of a class. */
    static Map<String, String> instructions(byte[] bytes) {
        Map<String, String> out = new HashMap<>();
        ClassNode c = new ClassNode();
        new ClassReader(bytes).accept(c, 0);
        Map<String, int[]> offsets = BytecodeOffsets.read(bytes);
        for (MethodNode m : c.methods) {
            int line = -1;
            int k = 0;
            for (var insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                if (insn instanceof LineNumberNode ln) {
                    line = ln.line;
                } else if (insn.getOpcode() >= 0) {
                    int bci = offsets.get(m.name + m.desc)[k++];
                    out.put(SiteKey.of(c.name, m.name, m.desc, bci), c.sourceFile + ":" + line + " " + opcode(insn.getOpcode()));
                }
            }
        }
        return out;
    }

    private static String opcode(int op) {
        return switch (op) {
            case Opcodes.GETFIELD -> "GETFIELD";
            case Opcodes.PUTFIELD -> "PUTFIELD";
            case Opcodes.GETSTATIC -> "GETSTATIC";
            case Opcodes.PUTSTATIC -> "PUTSTATIC";
            case Opcodes.IALOAD -> "IALOAD";
            case Opcodes.IASTORE -> "IASTORE";
            default -> op >= Opcodes.IALOAD && op <= Opcodes.SALOAD ? "xALOAD"
                    : op >= Opcodes.IASTORE && op <= Opcodes.SASTORE ? "xASTORE" : "op" + op;
        };
    }
}
