package racepipe.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrialResultTest {
    @Test
    void parse_should_read_back_what_toJson_wrote() {
        TrialResult t = new TrialResult(119356444513546L, "racefuzzer", true, Outcome.EXCEPTION,
                new TrialResult.Thrown("java.lang.NullPointerException", "a \"quoted\"\nline", "T1", "A.f(A.java:3) <- B.g(B.java:9)", true),
                null, new TrialResult.Race("LogService.log", "T2", 2,
                        List.of(new TrialResult.Access("a/B.run()V@4", "T1", "x"), new TrialResult.Access("a/B.run()V@9", "T2", "y\ttab")),
                        List.of("LogService.log", "LogService.closed")),
                null, "c0a2edb896e7f1a4", 1, 1234, null);
        assertThat(TrialResult.parse(t.toJson())).isEqualTo(t);
    }

    @Test
    void a_failed_trial_should_keep_its_note_and_outcome() {
        TrialResult t = TrialResult.failed(7, "random", Outcome.CRASHED, "worker gone: broken pipe");
        TrialResult back = TrialResult.parse(t.toJson());
        assertThat(back.outcome()).isEqualTo(Outcome.CRASHED);
        assertThat(back.note()).isEqualTo("worker gone: broken pipe");
        assertThat(back.raced()).isFalse();
    }

    @Test
    void parse_should_refuse_what_is_no_trial() {
        assertThatThrownBy(() -> TrialResult.parse("{\"seed\":1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TrialResult.parse("{\"x\":1}")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void protocol_lines_should_round_trip() {
        Protocol.TrialRequest req = new Protocol.TrialRequest(42, "racefuzzer", 10_000);
        assertThat(Protocol.TrialRequest.parse(req.line())).isEqualTo(req);
        assertThat(Protocol.TrialRequest.parse("quit")).isNull();
        TrialResult t = TrialResult.failed(3, "native", Outcome.TIMEOUT, "x");
        assertThat(Protocol.Answer.parse(new Protocol.Answer(t, true).line())).isEqualTo(new Protocol.Answer(t, true));
        assertThat(Protocol.Answer.parse(new Protocol.Answer(t, false).line()).last()).isFalse();
        assertThat(Protocol.Answer.parse("Picked up JAVA_TOOL_OPTIONS")).isNull();
    }
}
