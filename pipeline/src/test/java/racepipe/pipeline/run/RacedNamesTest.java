package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.SiteInfo;

/** A pair between two calls into a library is named by what its trials raced on, never by a guess they contradict. */
class RacedNamesTest {
    static final SiteInfo SIZE = SiteInfo.of("real/UsesLib", "lambda$main$0", "(Lreglib/Registry;)V", 4, "UsesLib.java", 6, false)
            .withLibrary(List.of("reglib.Registry.size(Registry.java:7)", "reglib.Registry.size(Registry.java:8)"));
    static final SiteInfo CLOSE = SiteInfo.of("real/UsesLib", "main", "([Ljava/lang/String;)V", 27, "UsesLib.java", 8, true)
            .withLibrary(List.of("reglib.Registry.close(Registry.java:11)"));

    static TrialResult raced(long seed, String frameSize, List<String> variables) {
        TrialResult.Race race = new TrialResult.Race("reglib.Registry object ." + variables.get(0), "main", variables.size(), List.of(
                new TrialResult.Access(CLOSE.key(), "main", "reglib.Registry.close(Registry.java:11) <- real.UsesLib.main(UsesLib.java:8)",
                        "write", variables.get(0)),
                new TrialResult.Access(SIZE.key(), "Thread-0", "java.base@17.0.15/jdk.internal.misc.Unsafe.park(Native Method) <- "
                        + "java.base@17.0.15/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211) <- " + frameSize
                        + " <- real.UsesLib.lambda$main$0(UsesLib.java:6)", "read", variables.get(0))), variables);
        return new TrialResult(seed, "racefuzzer", true, Outcome.OK, null, null, race, null, "s", 0, 1, null);
    }

    static RacePair pair(String variable, String... predictors) {
        RacePair p = new RacePair(variable, SIZE, CLOSE);
        for (String k : predictors) {
            p.predictors.put(k, k.equals("static") ? (Object) true : 1);
        }
        return p;
    }

    @Test
    void the_pair_takes_the_variable_its_example_raced_on_and_lists_the_others_its_trials_raced_on() {
        RacePair p = pair("reglib.Registry.closed", "static", "hb");
        TrialResult example = raced(2, "reglib.Registry.size(Registry.java:8)", List.of("reglib.Registry.items"));
        RacedNames.apply(p, List.of(raced(1, "reglib.Registry.size(Registry.java:7)", List.of("reglib.Registry.closed", "reglib.Registry.items")),
                example), example);
        assertThat(p.variable).isEqualTo("reglib.Registry.items");
        assertThat(p.variables).containsExactly("reglib.Registry.items", "reglib.Registry.closed");
        assertThat(p.sites.get(0).library()).hasSize(2); // a dynamic run saw these frames run: kept
    }

    @Test
    void a_static_only_pairs_library_frames_become_those_of_the_accesses_that_raced() {
        RacePair p = pair("java.util.HashMap$Node.next", "static");
        TrialResult example = raced(3, "reglib.Registry.size(Registry.java:7)", List.of("reglib.Registry.closed"));
        RacedNames.apply(p, List.of(example), example);
        assertThat(p.variable).isEqualTo("reglib.Registry.closed");
        assertThat(p.variables).isNull();
        SiteInfo size = p.sites.stream().filter(s -> s.key().equals(SIZE.key())).findFirst().orElseThrow();
        assertThat(size.library()).containsExactly("reglib.Registry.size(Registry.java:7)");
    }

    @Test
    void an_array_keeps_its_field_name_over_its_type_and_no_race_names_nothing() {
        RacePair p = pair("demo.Main.data", "hb");
        TrialResult example = raced(4, "x.Y.z(Y.java:1)", List.of("int[]"));
        RacedNames.apply(p, List.of(example), example);
        assertThat(p.variable).isEqualTo("demo.Main.data");
        RacePair q = pair("demo.Main.n", "hb");
        RacedNames.apply(q, List.of(), null);
        assertThat(q.variable).isEqualTo("demo.Main.n");
    }

    @Test
    void innermost_skips_the_schedulers_parking_and_module_prefixes() {
        assertThat(RacedNames.innermost("java.base@17.0.15/jdk.internal.misc.Unsafe.park(Native Method) <- "
                + "java.base/java.util.HashMap.putVal(HashMap.java:631) <- demo.Main.put(Main.java:3)"))
                .isEqualTo("java.util.HashMap.putVal(HashMap.java:631)");
        assertThat(RacedNames.innermost("reglib.Registry.size(Registry.java:7) <- real.UsesLib.run(UsesLib.java:6)"))
                .isEqualTo("reglib.Registry.size(Registry.java:7)");
    }
}
