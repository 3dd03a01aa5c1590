import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;

/**
 * scripts/perf's in-process clock: runs ENTRY's main with the remaining arguments and prints the
 * time main took (JVM start, class loading before main and the agent's result file excluded).
 * Usage: TimedMain ENTRY [args...]
 */
public final class TimedMain {
    public static void main(String[] argv) throws Throwable {
        Class<?> entry = Class.forName(argv[0], true, ClassLoader.getSystemClassLoader());
        long t0 = System.nanoTime();
        try {
            entry.getMethod("main", String[].class).invoke(null, (Object) Arrays.copyOfRange(argv, 1, argv.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally { // a program that ends by its own exception (pricing's race) still ran its work
            System.err.println("perf-main-millis " + (System.nanoTime() - t0) / 1e6);
        }
    }
}
