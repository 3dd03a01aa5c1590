package racepipe.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The other two bug kinds on the race pipeline's path, from the CLI: a lock-order deadlock
 * (iGoodlock predicts it from a run that did not deadlock, DeadlockFuzzer makes it happen, the
 * printed replay deadlocks again), a race one of whose orders misses a notification (harmful: every
 * thread blocked, the wait's line named), one between synchronized methods (their monitors named at their
 * first lines), the same orders under a gate lock (nothing reported), and a
 * check-then-act on a synchronized pool that holds no data race (the atomicity check predicts it,
 * AtomFuzzer makes the act throw).
 */
class DeadlockAtomicityCliTest {
    static final String SRC = """
            package bugs;
            public class Main {
                static class Account { int balance = 100; }
                static class Branch {
                    int cash = 100;
                    synchronized void send(Branch to) {
                        cash--; // @SEND
                        to.receive();
                    }
                    synchronized void receive() {
                        cash++; // @RECEIVE
                    }
                }
                static class Pool {
                    private int active;
                    synchronized int active() { return active; }
                    synchronized void add() {
                        if (active >= 2) throw new IllegalStateException("too many active: " + (active + 1));
                        active++;
                    }
                }
                static class Registry {
                    View view; int value;
                    synchronized void put(int v) {
                        value = v; // @PUT
                        view.changed();
                    }
                    synchronized int get() {
                        return value; // @GET
                    }
                }
                static class View {
                    Registry reg; int seen;
                    synchronized void changed() {
                        seen++; // @CHANGED
                    }
                    synchronized void refresh() {
                        seen += reg.get(); // @REFRESH
                    }
                }
                static class Stats {
                    private long views, bytes;
                    synchronized long views() { return views; }
                    synchronized void setViews(long v) { views = v; }
                    synchronized void addBytes(long n) { bytes += n; }
                }
                static void logView(Stats s) {
                    long v = s.views(); // @VREAD
                    s.setViews(v + 1); // @VWRITE
                    s.addBytes(512); // @BYTES
                }
                static volatile long sink;
                static final Object SIGNAL = new Object();
                static boolean ready;
                static void await() throws InterruptedException {
                    if (!ready) { // @READY
                        synchronized (SIGNAL) {
                            SIGNAL.wait(); // @WAIT
                        }
                    }
                }
                static void signal() {
                    synchronized (SIGNAL) {
                        ready = true; // @SIGNAL
                        SIGNAL.notifyAll();
                    }
                }
                static final Object GATE = new Object();
                static void work() { long s = 0; for (int i = 0; i < 2_000_000; i++) s += i * 31L; sink = s; }
                static void transfer(Account from, Account to) {
                    synchronized (from) { // @OUTER
                        synchronized (to) { // @INNER
                            from.balance--; to.balance++;
                        }
                    }
                }
                static void join(Pool pool) {
                    if (pool.active() < 2) { // @CHECK
                        pool.add(); // @ACT
                    }
                }
                public static void main(String[] args) throws Exception {
                    Account x = new Account(), y = new Account();
                    Branch b1 = new Branch(), b2 = new Branch();
                    Pool pool = new Pool();
                    pool.add();
                    Stats stats = new Stats();
                    Thread t1, t2;
                    switch (args[0]) {
                        case "transfer" -> {
                            t1 = new Thread(() -> transfer(x, y));
                            t2 = new Thread(() -> { work(); transfer(y, x); });
                        }
                        case "methods" -> {
                            t1 = new Thread(() -> b1.send(b2));
                            t2 = new Thread(() -> { work(); b2.send(b1); });
                        }
                        case "missed" -> {
                            t1 = new Thread(() -> { try { await(); } catch (InterruptedException e) { } });
                            t2 = new Thread(() -> { work(); signal(); });
                        }
                        case "lonewait" -> {
                            t1 = new Thread(() -> { try { synchronized (SIGNAL) { SIGNAL.wait(); } } catch (InterruptedException e) { } }); // @LONE
                            t2 = new Thread(() -> { });
                        }
                        case "gated" -> {
                            t1 = new Thread(() -> { synchronized (GATE) { transfer(x, y); } });
                            t2 = new Thread(() -> { work(); synchronized (GATE) { transfer(y, x); } });
                        }
                        case "listener" -> { // a listener called under the registry's lock, on a pool; main waits in get()
                            Registry reg = new Registry();
                            View view = new View();
                            reg.view = view;
                            view.reg = reg;
                            java.util.concurrent.ExecutorService pool2 = java.util.concurrent.Executors.newFixedThreadPool(2);
                            java.util.concurrent.Future<?> f1 = pool2.submit(() -> reg.put(1));
                            java.util.concurrent.Future<?> f2 = pool2.submit(() -> { work(); view.refresh(); });
                            f1.get();
                            f2.get();
                            pool2.shutdown();
                            t1 = new Thread(() -> { });
                            t2 = new Thread(() -> { });
                        }
                        case "stats" -> {
                            t1 = new Thread(() -> logView(stats));
                            t2 = new Thread(() -> { work(); logView(stats); });
                        }
                        default -> {
                            t1 = new Thread(() -> join(pool));
                            t2 = new Thread(() -> { work(); join(pool); });
                        }
                    }
                    t1.start(); t2.start();
                    t1.join(); t2.join();
                    if (stats.views() != (args[0].equals("stats") ? 2 : 0)) throw new IllegalStateException("a view lost");
                    System.out.println(x.balance + y.balance + pool.active());
                }
            }
            """;
    static Path dir;
    static Path app;

    @BeforeAll
    static void build() throws Exception {
        dir = Files.createTempDirectory("racepipe-bugs");
        app = UserApp.jar(dir, "bugs", Map.of("bugs/Main.java", SRC), List.of(), "bugs.Main");
    }

    private static Cli.Result analyze(String mode) throws Exception {
        return Cli.run("analyze", app.toString(), "--runs", "1", "--predictors", "hybrid", "--jobs", "1",
                "--out", dir.resolve(mode).toString(), "--", mode);
    }

    private static int line(String marker) {
        String[] lines = SRC.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(marker)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException(marker);
    }

    private static Set<Integer> lines(JsonNode entry) {
        Set<Integer> out = new HashSet<>();
        for (JsonNode s : entry.path("sites")) {
            if (s.path("file").asText().endsWith("Main.java")) {
                out.add(s.path("line").asInt());
            }
        }
        return out;
    }

    @Test
    void a_lock_order_deadlock_should_be_confirmed_and_replayed() throws Exception {
        Cli.Result r = analyze("transfer");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        JsonNode confirmed = null;
        for (JsonNode d : r.json().path("deadlocks")) {
            if (d.path("verdict").asText().equals("confirmed") && lines(d).containsAll(Set.of(line("@OUTER"), line("@INNER")))) {
                confirmed = d;
            }
        }
        assertThat(confirmed).as(r.output()).isNotNull();
        String replay = r.output().lines().filter(l -> l.startsWith("replay") && l.toLowerCase().contains("deadlock"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(null);
        assertThat(replay).as(r.output()).isNotNull();
        Process p = new ProcessBuilder("bash", "-c", replay).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(out).isEqualTo(1);
        assertThat(out.toLowerCase()).contains("deadlock");
    }

    @Test
    void a_deadlock_of_pool_threads_should_be_confirmed_while_main_waits_in_a_future() throws Exception {
        // main blocks in Future.get, outside the scheduler's model: the cycle alone proves the deadlock
        Cli.Result r = analyze("listener");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        JsonNode confirmed = null;
        for (JsonNode d : r.json().path("deadlocks")) {
            if (d.path("verdict").asText().equals("confirmed")
                    && lines(d).containsAll(Set.of(line("@PUT"), line("@GET"), line("@CHANGED"), line("@REFRESH")))) {
                confirmed = d;
            }
        }
        assertThat(confirmed).as(r.output()).isNotNull();
    }

    @Test
    void a_deadlock_between_synchronized_methods_should_name_their_first_lines() throws Exception {
        Cli.Result r = analyze("methods");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        assertThat(r.json().path("deadlocks")).as(r.output())
                .anyMatch(d -> d.path("verdict").asText().equals("confirmed") && lines(d).equals(Set.of(line("@SEND"), line("@RECEIVE"))));
    }

    @Test
    void a_race_whose_one_order_misses_the_notification_should_be_harmful_with_the_waits_line() throws Exception {
        Cli.Result r = analyze("missed");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        JsonNode pair = null;
        for (JsonNode p : r.json().path("pairs")) {
            if (lines(p).equals(Set.of(line("@READY"), line("@SIGNAL")))) {
                pair = p;
            }
        }
        assertThat(pair).as(r.output()).isNotNull();
        assertThat(pair.path("verdict").asText()).as(r.output()).isEqualTo("harmful");
        assertThat(pair.path("confirm").path("exceptions").path("hang: missed notification").asInt()).as(r.output()).isPositive();
        assertThat(pair.path("confirm").path("attribution").asText()).as(r.output()).startsWith("hangs in");
        String waits = "waits at bugs.Main.await(Main.java:" + line("@WAIT") + ")";
        assertThat(r.output()).as(r.output()).contains("missed notification");
        for (JsonNode run : r.json().path("runs")) {
            if (run.path("outcome").asText().equals("deadlock")) {
                assertThat(run.path("hang").asText()).startsWith("missed notification: ").contains(waits);
            }
        }
    }

    @Test
    void a_program_whose_every_run_hangs_should_exit_1_naming_the_wait() throws Exception {
        Cli.Result r = Cli.run("analyze", app.toString(), "--runs", "1", "--predictors", "hybrid", "--jobs", "1", "--timeout", "5",
                "--out", dir.resolve("lonewait").toString(), "--", "lonewait");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).contains("hang: 1 of 1 Phase 1 run ended with every thread blocked; missed notification");
        assertThat(r.json().path("runs").get(0).path("hang").asText()).startsWith("missed notification: Thread-0 waits at bugs.Main.lambda$main$")
                .contains("(Main.java:" + line("@LONE") + ")");
    }

    @Test
    void the_same_orders_under_a_gate_lock_should_report_no_deadlock() throws Exception {
        Cli.Result r = analyze("gated");
        assertThat(r.json().path("deadlocks").isArray()).as(r.output()).isTrue();
        assertThat(r.json().path("deadlocks")).as(r.output()).isEmpty();
    }

    @Test
    void a_check_then_act_should_be_a_harmful_atomicity_violation() throws Exception {
        Cli.Result r = analyze("pool");
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        JsonNode harmful = null;
        for (JsonNode a : r.json().path("atomicity")) {
            if (a.path("verdict").asText().equals("harmful") && lines(a).containsAll(Set.of(line("@CHECK"), line("@ACT")))) {
                harmful = a;
            }
        }
        assertThat(harmful).as(r.output()).isNotNull();
    }

    @Test
    void a_lost_update_should_be_harmful_and_the_blocks_around_it_real() throws Exception {
        // three blocks share logView: read..write loses a view (main throws); read..add and write..add
        // are violated too, harmlessly: main's exception, which their trials also see, is not theirs
        Cli.Result r = analyze("stats");
        Map<List<Integer>, String> verdicts = new java.util.HashMap<>();
        for (JsonNode a : r.json().path("atomicity")) {
            verdicts.put(List.of(a.path("sites").get(0).path("line").asInt(), a.path("sites").get(1).path("line").asInt()),
                    a.path("verdict").asText());
        }
        int read = line("@VREAD"), write = line("@VWRITE"), add = line("@BYTES");
        assertThat(verdicts).as(r.output()).containsEntry(List.of(read, write), "harmful")
                .containsEntry(List.of(write, add), "real").containsEntry(List.of(read, add), "real");
        assertThat(r.code()).isEqualTo(1);
    }

    @Test
    void a_check_then_act_only_the_engine_saw_should_be_tried_and_kept_apart_from_the_violations() throws Exception {
        // "transfer" never runs join(pool): the WALA engine sees the block on another path, AtomFuzzer cannot interleave it
        Cli.Result r = Cli.run("analyze", app.toString(), "--runs", "1", "--predictors", "static,hybrid", "--jobs", "1",
                "--out", dir.resolve("transfer-static").toString(), "--", "transfer");
        JsonNode block = null;
        for (JsonNode a : r.json().path("staticAtomicity")) {
            if (lines(a).containsAll(Set.of(line("@CHECK"), line("@ACT")))) {
                block = a;
            }
        }
        assertThat(block).as(r.output()).isNotNull();
        assertThat(block.path("predictors").has("static:wala")).isTrue();
        assertThat(block.path("verdict").asText()).isEqualTo("unconfirmed");
        for (JsonNode a : r.json().path("atomicity")) {
            assertThat(lines(a)).as(r.output()).doesNotContain(line("@ACT"));
        }
    }
}
