package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.CandidateKind;
import racepipe.pipeline.model.Candidate;
import racepipe.pipeline.model.SiteInfo;

/** A confirmed cycle's stacks come from the trial's deadlock, each matched to the cycle thread by the acquire it waits at. */
class DeadlockStacksTest {
    static SiteInfo acquire(String method, int bci, int line) {
        return SiteInfo.of("app/Bank", method, "(Lapp/Account;)V", bci, "Bank.java", line, false);
    }

    @Test
    void each_cycle_thread_gets_the_stack_blocked_at_the_acquire_it_wants() {
        // thread 1 holds the monitor taken at line 10 and wants line 11's; thread 2 the same code on the other account
        Candidate c = new Candidate(CandidateKind.LOCK_CYCLE, List.of(acquire("transfer", 4, 10), acquire("transfer", 9, 11),
                acquire("refund", -1, 20), acquire("credit", -1, 30)));
        String evidence = "cycle: T-A holds Account#1 and waits to acquire Account#2, held by T-B; T-B holds Account#2 and waits to"
                + " acquire Account#1, held by T-A; | stacks: main: java.base@17.0.15/java.lang.Object.wait(Native Method) <- app.Main.main(Main.java:5) <-  ;"
                + " T-B: java.base@17.0.15/jdk.internal.misc.Unsafe.park(Native Method) <- app.Bank.credit(Bank.java) <- app.Bank.refund(Bank.java:21) <-  ;"
                + " T-A: java.base@17.0.15/jdk.internal.misc.Unsafe.park(Native Method) <- app.Bank.transfer(Bank.java:11) <- app.Main.lambda$0(Main.java:3) <-  ; ";
        List<String> stacks = DeadlockStacks.of(c, evidence);
        assertThat(stacks).hasSize(2);
        assertThat(stacks.get(0)).contains("app.Bank.transfer(Bank.java:11)");
        assertThat(stacks.get(1)).contains("app.Bank.credit(Bank.java)").contains("app.Bank.refund(Bank.java:21)");
        assertThat(DeadlockStacks.of(c, "cycle: without stacks")).isNull();
        // two threads in the same synchronized methods (each holds one account's monitor, wants the other's): two stacks
        Candidate same = new Candidate(CandidateKind.LOCK_CYCLE, List.of(acquire("send", -1, 40), acquire("receive", -1, 50),
                acquire("send", -1, 40), acquire("receive", -1, 50)));
        List<String> two = DeadlockStacks.of(same, "cycle: ... | stacks: T1: app.Bank.receive(Bank.java) <- app.Bank.send(Bank.java:41) <- x ;"
                + " T2: app.Bank.receive(Bank.java) <- app.Bank.send(Bank.java:41) <- y ; ");
        assertThat(two).containsExactly("app.Bank.receive(Bank.java) <- app.Bank.send(Bank.java:41) <- x",
                "app.Bank.receive(Bank.java) <- app.Bank.send(Bank.java:41) <- y");
    }
}
