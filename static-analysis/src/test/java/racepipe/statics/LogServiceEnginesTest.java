package racepipe.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import racepipe.statics.engines.Engines;

/**
 * Both engines on the LogService benchmark (the RaceFuzzer paper's example, Sen, PLDI 2008):
 * P1-P4 reported, nothing on the lock-protected {@code ready}, no self-pair of a single-instance
 * thread, and the same site keys from both engines (WALA's exact bytecode indices vs SootUp's ASM
 * re-mapping). One analysis each.
 */
class LogServiceEnginesTest {
    static StaticResult wala;
    static StaticResult sootup;

    @BeforeAll
    static void analyse() throws Exception {
        Path jar = Path.of(benchmarks.logservice.Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        AnalysisInput in = AnalysisInput.of(jar, "benchmarks.logservice.Main");
        wala = Engines.byName("wala").analyze(in);
        sootup = Engines.byName("sootup").analyze(in);
    }

    /** The pairs as "line-line" of their two sites (LogService.java). */
    static Set<String> lines(StaticResult r) {
        return r.pairs().stream().map(p -> p.a().line() + "-" + p.b().line()).collect(Collectors.toSet());
    }

    @Test
    void walaReportsP1ToP4AndNothingOnReady() {
        // m1=23 w6=47 (cfg), m5=27 w1=41 (lastActive), m6=29 w7=52 w8=53 (log)
        assertThat(lines(wala)).containsExactlyInAnyOrder("23-47", "27-41", "29-52", "29-53");
        assertThat(wala.pairs()).noneMatch(p -> p.variable().endsWith(".ready"));
    }

    @Test
    void sootupReportsTheSamePairs() {
        assertThat(lines(sootup)).isEqualTo(lines(wala));
    }

    @Test
    void siteKeysAgreeAcrossEngines() {
        List<String> a = wala.pairs().stream().map(StaticPair::key).sorted().toList();
        List<String> b = sootup.pairs().stream().map(StaticPair::key).sorted().toList();
        assertThat(b).isEqualTo(a);
        assertThat(a).contains("benchmarks/logservice/LogService.master()V@50|benchmarks/logservice/LogService.worker()V@63");
    }

    @Test
    void evidenceNamesTheTwoThreadsAndLocks() {
        StaticPair p = wala.pairs().get(0);
        assertThat(p.evidence()).containsKeys("threads", "objects", "locksA", "locksB");
        assertThat((List<?>) p.evidence().get("threads")).hasSize(2);
    }

    @Test
    void everyStageIsTimed() {
        assertThat(wala.stages()).extracting(StageTime::name).anyMatch(n -> n.startsWith("wala: call graph"));
        assertThat(sootup.stages()).extracting(StageTime::name).anyMatch(n -> n.startsWith("sootup: RTA"));
    }
}
