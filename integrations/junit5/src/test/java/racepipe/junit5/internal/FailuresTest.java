package racepipe.junit5.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.Confirm;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

class FailuresTest {
    private static RacePair pair(boolean threw) {
        SiteInfo a = SiteInfo.of("demo/CounterTest", "lambda$racy$0", "()V", 0, "CounterTest.java", 9, false);
        SiteInfo b = SiteInfo.of("demo/CounterTest", "racy", "()V", 26, "CounterTest.java", 11, true);
        RacePair p = new RacePair("demo.CounterTest.hits", a, b);
        p.verdict = threw ? "harmful" : "real";
        p.confirm = new Confirm();
        p.confirm.trials = 20;
        p.confirm.raced = 20;
        TrialResult.Race race = new TrialResult.Race("demo.CounterTest.hits", "Thread-0", 1, List.of(
                new TrialResult.Access(a.key(), "Thread-0", "demo.CounterTest.lambda$racy$0(CounterTest.java:9) <- java.base@17.0.15/java.lang.Thread.run(Thread.java:833) <- "),
                new TrialResult.Access(b.key(), "main", "java.base@17.0.15/jdk.internal.misc.Unsafe.park(Native Method) <- demo.CounterTest.racy(CounterTest.java:11)"
                        + " <- demo.CounterTest$$RaceTest$racy.main(Unknown Source) <- java.base@17.0.15/java.lang.reflect.Method.invoke(Method.java:569) <- ")));
        TrialResult.Thrown thrown = threw ? new TrialResult.Thrown("java.lang.NullPointerException", "boom", "main",
                "demo.CounterTest.racy(CounterTest.java:12)", true) : null;
        TrialResult t = new TrialResult(42, "racefuzzer", true, threw ? Outcome.EXCEPTION : Outcome.OK, thrown, null, race,
                null, "abc", 0, 10, null);
        p.confirm.examples = new Confirm.Examples(threw ? null : t, threw ? t : null);
        return p;
    }

    @Test
    void races_should_name_both_lines_stacks_and_the_seed_with_its_replay() {
        String m = Failures.races(List.of(pair(false)), "CounterTest.racy", "CounterTest#racy", "out/report.html");
        assertThat(m).contains("1 data race confirmed in CounterTest.racy (report: out/report.html)")
                .contains("race on demo.CounterTest.hits: real (raced in 20 of 20 trials)")
                .contains("read  at CounterTest.java:9 in CounterTest.lambda$racy$0, thread Thread-0")
                .contains("write at CounterTest.java:11 in CounterTest.racy, thread main")
                .contains("at java.lang.Thread.run(Thread.java:833)")
                .contains("@RaceTest(replay = \"demo/CounterTest.lambda$racy$0()V@0 demo/CounterTest.racy()V@26 42\")")
                .contains("-Dtest=CounterTest#racy")
                .doesNotContain("Unsafe.park").doesNotContain("$$RaceTest$").doesNotContain("Method.invoke");
    }

    @Test
    void races_should_show_the_exception_of_a_harmful_race() {
        String m = Failures.races(List.of(pair(true)), "CounterTest.racy", "CounterTest#racy", "r");
        assertThat(m).contains("harmful").contains("then threw java.lang.NullPointerException: boom in thread main")
                .contains("at demo.CounterTest.racy(CounterTest.java:12)");
    }

    @Test
    void a_site_racing_with_itself_should_show_both_threads_each_with_its_own_stack() {
        SiteInfo h = SiteInfo.of("demo/Cache", "hash", "()I", 4, "Cache.java", 7, false);
        RacePair p = new RacePair("demo.Cache.hash", h, h);
        p.verdict = "real";
        p.confirm = new Confirm();
        p.confirm.trials = 3;
        p.confirm.raced = 3;
        TrialResult.Race race = new TrialResult.Race("demo.Cache.hash", "T1", 1, List.of(
                new TrialResult.Access(h.key(), "T1", "demo.Cache.hash(Cache.java:7) <- demo.Cache.one(Cache.java:20)"),
                new TrialResult.Access(h.key(), "T2", "demo.Cache.hash(Cache.java:7) <- demo.Cache.two(Cache.java:30)")));
        p.confirm.examples = new Confirm.Examples(new TrialResult(7, "racefuzzer", true, Outcome.OK, null, null, race,
                null, "abc", 0, 10, null), null);
        String m = Failures.pair(p, "CacheTest#hash");
        assertThat(m).contains("thread T1").contains("thread T2")
                .contains("at demo.Cache.one(Cache.java:20)").contains("at demo.Cache.two(Cache.java:30)");
    }

    @Test
    void an_atomicity_violation_should_name_its_lines_the_exception_and_the_replay() {
        SiteInfo check = SiteInfo.of("demo/PoolTest", "join", "()V", 1, "PoolTest.java", 15, true);
        SiteInfo act = SiteInfo.of("demo/PoolTest", "join", "()V", 9, "PoolTest.java", 16, true);
        racepipe.pipeline.model.Candidate c = new racepipe.pipeline.model.Candidate(racepipe.contract.CandidateKind.ATOMIC_BLOCK,
                List.of(check, act, check));
        c.verdict = "harmful";
        c.confirm = new Confirm();
        c.confirm.trials = 1;
        c.confirm.raced = 1;
        c.confirm.replay = "racepipe replay app.jar --atomic S1,S2,S3 --seed 9";
        TrialResult t = new TrialResult(9, "atomfuzzer", true, Outcome.EXCEPTION, new TrialResult.Thrown(
                "java.lang.IllegalStateException", "too many active: 3", "Thread-1", "", true), null, null, null, "abc", 0, 10, null);
        c.confirm.examples = new Confirm.Examples(null, t);
        String m = Failures.others(List.of(c), "PoolTest.twoJoins", "r");
        assertThat(m).contains("1 bug other than a data race shown in PoolTest.twoJoins")
                .contains("atomicity violation: harmful (shown in 1 of 1 trials)")
                .contains("at PoolTest.java:15 -> PoolTest.java:16 -> PoolTest.java:15")
                .contains("then threw java.lang.IllegalStateException: too many active: 3 in thread Thread-1")
                .contains("replay: racepipe replay app.jar --atomic S1,S2,S3 --seed 9");
    }
}
