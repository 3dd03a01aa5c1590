package racepipe.junit5;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test whose body is a concurrent program to race-test. Instead of running the body once,
 * racepipe analyzes it: static analysis over the test's classes and dynamic detectors over
 * {@link #runs()} runs predict racing pairs, and RaceFuzzer tries to make each happen, in child
 * JVMs under racepipe's agent with the test's class path. A confirmed race fails the test with
 * both accesses ({@code File.java:LINE}, stacks), the verdict and the seed that replays it; a
 * body whose runs show no race passes. A body that never ran under the agent, or whose classes
 * the agent could not instrument, fails. Lifecycle: a fresh instance per run, static
 * {@code @BeforeAll}, {@code @BeforeEach} and {@code @AfterEach}, {@code @AfterAll} without parameters.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@ExtendWith(RaceTestExtension.class)
public @interface RaceTest {
    /** The most RaceFuzzer trials a candidate pair gets (fewer once its verdict is settled). */
    int trials() default 20;

    /** Phase 1 dynamic runs under the detectors. */
    int runs() default 2;

    /** The time the whole analysis may take ({@code 90s}, {@code 5m}); pairs left untried fail the test. */
    String budget() default "2m";

    /** The seed of the runs and trials. */
    long seed() default 1;

    /** Seconds one run or trial of the body may take. */
    int timeout() default 10;

    /**
     * Replays one trial instead of analyzing: {@code "SITE SITE SEED"} (and a scheduler,
     * {@code random}, when the failure names one), as a failing test prints it. The system
     * property {@code racepipe.replay} does the same for every @RaceTest it runs.
     */
    String replay() default "";

    /**
     * Explores the body instead (racepipe explore): every schedule up to equivalence, within
     * {@link #budget()}. The test fails on a race or a failure (an exception, a deadlock) with
     * the command that replays its schedule, and when the exploration did not complete (the
     * budget ran out, a schedule the program did not repeat): a pass means every schedule ran.
     */
    boolean explore() default false;

    /**
     * Options for every JVM that runs the body, as surefire's {@code argLine} has them, e.g.
     * {@code --add-opens=java.base/java.lang=ALL-UNNAMED} for Mockito 1.x or PowerMock on JDK 17+.
     */
    String[] jvmArgs() default {};
}
