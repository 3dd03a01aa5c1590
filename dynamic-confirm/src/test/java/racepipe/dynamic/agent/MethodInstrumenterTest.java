package racepipe.dynamic.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceMethodVisitor;
import racepipe.dynamic.runtime.Site;
import racepipe.dynamic.runtime.Sites;

/**
 * Instruments the compiled InstrumenterFixture as the agent does and reads back the calls each
 * method makes around its accesses: the bridge calls (RT), the accesses themselves, monitors
 * and the calls kept. Stack shuffles and pushed site ids are left out of the sequences; the
 * instrumented class is also loaded (so the JVM verifies every method) and run.
 */
class MethodInstrumenterTest {
    private static final String FIXTURE = "racepipe/dynamic/agent/InstrumenterFixture";
    private static final String RT = "INVOKESTATIC racepipe/dynamic/runtime/RT.";
    private static byte[] instrumented;
    private static Map<String, List<String>> code;

    @BeforeAll
    static void instrument() throws IOException {
        byte[] original;
        try (InputStream in = MethodInstrumenterTest.class.getResourceAsStream("/" + FIXTURE + ".class")) {
            original = in.readAllBytes();
        }
        instrumented = Transformer.instrument(original, new ClassHierarchy(MethodInstrumenterTest.class.getClassLoader()), null);
        code = text(instrumented);
    }

    /** Per method name, its instructions as Textifier prints them, trimmed. */
    private static Map<String, List<String>> text(byte[] cls) {
        Map<String, List<String>> out = new TreeMap<>();
        new ClassReader(cls).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                Textifier t = new Textifier(Opcodes.ASM9) {
                    @Override
                    public void visitMethodEnd() {
                        List<String> lines = new ArrayList<>();
                        for (Object o : getText()) {
                            lines.add(o.toString().trim());
                        }
                        out.put(name, lines);
                    }
                };
                return new TraceMethodVisitor(t);
            }
        }, 0);
        return out;
    }

    /** The method's bridge calls, accesses, monitor instructions and calls, in order. */
    private static List<String> calls(String method) {
        List<String> out = new ArrayList<>();
        for (String l : code.get(method)) {
            if (l.matches("(INVOKE|GETFIELD|PUTFIELD|GETSTATIC|PUTSTATIC|MONITOR|[IA]ALOAD|[IA]ASTORE).*")) {
                out.add(l);
            }
        }
        return out;
    }

    /** The site ids the method pushes (BIPUSH, SIPUSH or LDC before a bridge call: other tests of the JVM register sites too). */
    private static List<Site> sites(String method) {
        List<Site> out = new ArrayList<>();
        for (String l : code.get(method)) {
            if (l.matches("(BIPUSH|SIPUSH|LDC) \\d+")) {
                out.add(Sites.get(Integer.parseInt(l.substring(l.indexOf(' ') + 1))));
            }
        }
        return out;
    }

    private static String rt(String nameAndDesc) {
        return RT + nameAndDesc;
    }

    private static String field(String op, String name, String type) {
        return op + " " + FIXTURE + "." + name + " : " + type;
    }

    @Test
    void fields_should_be_reported_before_each_access_with_the_site_of_its_own_instruction() {
        assertThat(calls("fields")).containsExactly(
                rt("read (Ljava/lang/Object;I)V"), field("GETFIELD", "count", "I"),
                rt("write (Ljava/lang/Object;I)V"), field("PUTFIELD", "count", "I"));
        List<Site> sites = sites("fields");
        assertThat(sites).extracting(Site::key).containsExactly(FIXTURE + ".fields()V@2", FIXTURE + ".fields()V@7");
        assertThat(sites).extracting(s -> s.variable).containsOnly("racepipe.dynamic.agent.InstrumenterFixture.count");
        assertThat(sites).extracting(s -> s.write).containsExactly(false, true);
        assertThat(sites).extracting(s -> s.line).containsOnly(16);
    }

    @Test
    void an_unwatched_site_should_be_left_as_it_was_and_the_others_watched() throws IOException {
        byte[] original;
        try (InputStream in = MethodInstrumenterTest.class.getResourceAsStream("/" + FIXTURE + ".class")) {
            original = in.readAllBytes();
        }
        SiteFilter filter = new SiteFilter(null, java.util.Set.of(FIXTURE + ".fields()V@2")); // the read of count
        Map<String, List<String>> filtered = text(Transformer.instrument(original,
                new ClassHierarchy(MethodInstrumenterTest.class.getClassLoader()), filter, false).bytes());
        assertThat(filtered.get("fields")).filteredOn(l -> l.matches("(INVOKE|GETFIELD|PUTFIELD).*")).containsExactly(
                field("GETFIELD", "count", "I"), rt("write (Ljava/lang/Object;I)V"), field("PUTFIELD", "count", "I"));
        assertThat(filtered.get("arrays")).isEqualTo(code.get("arrays"));
    }

    @Test
    void statics_should_be_reported_by_their_own_hooks() {
        assertThat(calls("statics")).containsExactly(
                rt("readStatic (I)V"), "GETSTATIC " + FIXTURE + ".total : J",
                rt("writeStatic (I)V"), "PUTSTATIC " + FIXTURE + ".total : J");
    }

    @Test
    void array_loads_should_be_observed_in_place_and_stores_done_by_the_bridge() {
        assertThat(calls("arrays")).containsExactly(rt("arrayRead (Ljava/lang/Object;II)V"), "IALOAD", rt("storeInt ([IIII)V"));
        assertThat(sites("arrays")).extracting(s -> s.variable).containsOnly("racepipe.dynamic.agent.InstrumenterFixture.arrays:a[]"); // an array by its origin: the parameter a
    }

    @Test
    void volatiles_should_be_reported_after_a_read_and_before_a_write() {
        assertThat(calls("volatiles")).containsExactly(
                field("GETFIELD", "ready", "Z"), rt("volatileRead (Ljava/lang/Object;I)V"),
                rt("volatileWrite (Ljava/lang/Object;I)V"), field("PUTFIELD", "ready", "Z"));
    }

    @Test
    void monitors_should_be_bracketed_on_every_exit_path() {
        assertThat(calls("monitor")).containsExactly(
                field("GETFIELD", "lock", "Ljava/lang/Object;"), // final: not an access
                rt("acquireSite (I)V"), // iGoodlock's: the line of the acquire that follows
                rt("monitorEnter (Ljava/lang/Object;)V"), "MONITORENTER", rt("monitorEntered (Ljava/lang/Object;)V"),
                rt("write (Ljava/lang/Object;I)V"), field("PUTFIELD", "count", "I"),
                rt("monitorExit (Ljava/lang/Object;)V"), "MONITOREXIT",
                "MONITOREXIT", rt("monitorExit (Ljava/lang/Object;)V")); // a throw's way out: noted after the release
    }

    /** HotSpot's rules for monitors (MonitorRules) hold on every method of the fixture. */
    @Test
    void monitor_notes_should_leave_the_methods_compilable() {
        org.objectweb.asm.tree.ClassNode cn = new org.objectweb.asm.tree.ClassNode();
        new ClassReader(instrumented).accept(cn, 0);
        int[] checked = {0};
        assertThat(MonitorRules.broken(cn, checked)).isEmpty();
        assertThat(checked[0]).as("monitor entries checked").isGreaterThanOrEqualTo(3);
    }

    @Test
    void a_synchronized_method_should_become_an_explicit_monitor() {
        int[] access = new int[1];
        new ClassReader(instrumented).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int acc, String name, String desc, String sig, String[] ex) {
                if (name.equals("synchronizedMethod")) {
                    access[0] = acc;
                }
                return null;
            }
        }, 0);
        assertThat(access[0] & Opcodes.ACC_SYNCHRONIZED).isZero();
        assertThat(calls("synchronizedMethod")).containsExactly(
                rt("acquireSite (I)V"), rt("monitorEnter (Ljava/lang/Object;)V"), "MONITORENTER", rt("monitorEntered (Ljava/lang/Object;)V"),
                rt("write (Ljava/lang/Object;I)V"), field("PUTFIELD", "count", "I"),
                rt("monitorExit (Ljava/lang/Object;)V"), "MONITOREXIT", // the return
                "MONITOREXIT", rt("monitorExit (Ljava/lang/Object;)V")); // the handler for a throw: noted after the release
    }

    @Test
    void thread_start_and_join_should_go_through_the_bridge() {
        assertThat(calls("threads")).containsExactly(rt("start (Ljava/lang/Thread;)V"), rt("join (Ljava/lang/Thread;)V"));
    }

    @Test
    void wait_and_notify_should_go_through_the_bridge_inside_the_monitor() {
        assertThat(calls("waitNotify")).containsExactly(
                field("GETFIELD", "lock", "Ljava/lang/Object;"), rt("acquireSite (I)V"),
                rt("monitorEnter (Ljava/lang/Object;)V"), "MONITORENTER", rt("monitorEntered (Ljava/lang/Object;)V"),
                field("GETFIELD", "lock", "Ljava/lang/Object;"), rt("waitOn (Ljava/lang/Object;J)V"),
                field("GETFIELD", "lock", "Ljava/lang/Object;"), rt("notifyAllWaiters (Ljava/lang/Object;)V"),
                rt("monitorExit (Ljava/lang/Object;)V"), "MONITOREXIT",
                "MONITOREXIT", rt("monitorExit (Ljava/lang/Object;)V")); // a throw's way out: noted after the release
    }

    @Test
    void a_java_util_call_should_be_bracketed_with_its_call_site() {
        // a List may be a CopyOnWriteArrayList: happens-before's edges around it, its class decides at
        // run time, and the element added is handed off to whoever takes it out
        assertThat(calls("library")).containsExactly(
                field("GETFIELD", "names", "Ljava/util/List;"), rt("syncBefore (Ljava/lang/Object;Z)V"),
                rt("passIn (Ljava/lang/Object;Ljava/lang/Object;Z)V"), rt("libEnter (I)V"), "INVOKEINTERFACE java/util/List.add (Ljava/lang/Object;)Z (itf)", rt("libExit (I)V"),
                rt("syncAfter (Ljava/lang/Object;Z)V"));
        List<Site> sites = sites("library");
        assertThat(sites).hasSize(2).allMatch(s -> s == sites.get(0));
        assertThat(sites.get(0).variable).isEqualTo("call java.util.List.add");
    }

    @Test
    void lock_calls_should_become_static_bridge_calls_on_the_lock() {
        assertThat(calls("locks")).containsExactly(
                rt("acquireSite (I)V"), rt("lock (Ljava/util/concurrent/locks/Lock;)V"), rt("unlock (Ljava/util/concurrent/locks/Lock;)V"));
    }

    @Test
    void a_constructor_should_not_report_its_final_fields() {
        assertThat(calls("<init>")).noneMatch(l -> l.startsWith(RT));
    }

    @Test
    void the_instrumented_class_should_verify_and_run_as_before() throws Exception {
        Class<?> c = new ClassLoader(MethodInstrumenterTest.class.getClassLoader()) {
            Class<?> define() {
                return defineClass(FIXTURE.replace('/', '.'), instrumented, 0, instrumented.length);
            }
        }.define();
        var ctor = c.getDeclaredConstructor();
        ctor.setAccessible(true);
        Object o = ctor.newInstance();
        for (String m : List.of("fields", "fields", "volatiles", "monitor", "synchronizedMethod", "waitNotify", "library")) {
            method(c, m).invoke(o);
        }
        method(c, "locks", java.util.concurrent.locks.Lock.class).invoke(o, new ReentrantLock());
        method(c, "statics").invoke(null);
        int[] a = {0, 7};
        method(c, "arrays", int[].class).invoke(null, (Object) a);
        Thread t = new Thread(() -> { });
        method(c, "threads", Thread.class).invoke(null, t);
        assertThat(a).containsExactly(7, 7);
        assertThat(t.isAlive()).isFalse();
        assertThat(field(c, "count").getInt(o)).isEqualTo(2);
        assertThat(field(c, "ready").getBoolean(o)).isTrue();
        assertThat(field(c, "total").getLong(null)).isEqualTo(1);
        assertThat(field(c, "names").get(o)).isEqualTo(List.of("x"));
    }

    private static Method method(Class<?> c, String name, Class<?>... params) throws NoSuchMethodException {
        Method m = c.getDeclaredMethod(name, params);
        m.setAccessible(true);
        return m;
    }

    private static java.lang.reflect.Field field(Class<?> c, String name) throws NoSuchFieldException {
        java.lang.reflect.Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }
}
