package racepipe.pipeline.cluster;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import racepipe.pipeline.bench.BenchOne;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.run.TrialRunner;

/**
 * A cluster that racepipe's fanned-out work runs on ({@code --spark MASTER}): Phase 2's trials
 * and bench's benchmarks as tasks. The back end (racepipe-distributed, Spark) is found through
 * {@link ServiceLoader} only when asked for, so the default CLI never loads it.
 */
public interface Cluster extends AutoCloseable {
    /** Opens the back end's cluster for a master URL. */
    interface Factory {
        Cluster open(String master, PrintStream log);
    }

    /** Trials of {@code program}'s pairs as tasks; the program's jars are shipped with them. */
    TrialRunner trials(ProgramInput program);

    /** Each benchmark of the suite jar as a task; each one's report also written to {@code out}/NAME/report.json. */
    List<BenchOne.Result> bench(Path suite, List<String> names, BenchOne.Settings settings, Path out);

    @Override
    void close();

    /** The back end for {@code master}; a usage error when this installation has none. */
    static Cluster open(String master, PrintStream log) {
        try {
            for (Factory f : ServiceLoader.load(Factory.class)) {
                return f.open(master, log);
            }
        } catch (NoClassDefFoundError | java.util.ServiceConfigurationError e) {
            // the back end without Spark's jars (the plain distribution)
        }
        throw new UsageError("--spark: this racepipe has no Spark jars; use the Spark flavour of the distribution"
                + " (mvn -B package -DskipTests -Pspark builds dist/target/racepipe-VERSION-spark.tar.gz) or scripts/racepipe"
                + " of a built tree (README.md, \"On a Spark cluster\")");
    }
}
