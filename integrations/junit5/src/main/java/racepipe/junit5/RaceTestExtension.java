package racepipe.junit5;

import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.AssertionFailedError;
import racepipe.junit5.internal.RaceOptions;
import racepipe.junit5.internal.RaceRun;

/**
 * Runs a {@link RaceTest}'s body under racepipe instead of in the test JVM: the invocation is
 * skipped and racepipe's analyze runs the body as a program in child JVMs. One @RaceTest at a
 * time (analyze uses every core already).
 */
public final class RaceTestExtension implements InvocationInterceptor {
    /** The system property that replays a trial in every @RaceTest run: "SITE SITE SEED". */
    public static final String REPLAY = "racepipe.replay";
    private static final Object ONE_AT_A_TIME = new Object();

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
                                    ExtensionContext extension) throws Throwable {
        invocation.skip();
        Method method = context.getExecutable();
        RaceTest options = method.getAnnotation(RaceTest.class);
        if (options == null) {
            throw new AssertionFailedError("racepipe: " + method.getName() + " is not annotated @RaceTest");
        }
        String replay = !options.replay().isBlank() ? options.replay() : System.getProperty(REPLAY);
        String failure;
        synchronized (ONE_AT_A_TIME) {
            failure = RaceRun.run(context.getTargetClass(), method, new RaceOptions(options.trials(), options.runs(),
                    options.budget(), options.seed(), options.timeout(), options.explore(), java.util.List.of(options.jvmArgs())), replay, RaceRun.location(Probe.class));
        }
        if (failure != null) {
            throw new AssertionFailedError(failure);
        }
    }
}
