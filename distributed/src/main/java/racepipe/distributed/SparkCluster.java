package racepipe.distributed;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import racepipe.pipeline.bench.BenchOne;
import racepipe.pipeline.cluster.Cluster;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.run.TrialRunner;

/**
 * racepipe's work on a Spark cluster. The driver is this JVM; executors get racepipe's own jars
 * ({@code spark.jars}: the class path less Spark's jars, which the launcher names with
 * -Dracepipe.sparkJars) and the program's or the suite's jars (broadcasts: {@link Shipped}), and start the
 * worker and detect JVMs there: nothing racepipe-specific is installed on a worker beforehand.
 */
final class SparkCluster implements Cluster {
    /** {@code --spark submit}: the master spark-submit was given (its spark.master property). */
    static final String SUBMIT = "submit";
    private final JavaSparkContext sc;
    private final PrintStream log;
    private SparkTrials trials;

    SparkCluster(String master, PrintStream log) {
        this.log = log;
        SparkConf conf = new SparkConf().setAppName("racepipe");
        if (!SUBMIT.equals(master)) {
            conf.setMaster(master);
        } else if (!conf.contains("spark.master")) {
            throw new UsageError("--spark submit: no master given (run racepipe through spark-submit --master URL)");
        }
        String m = conf.get("spark.master");
        conf.setIfMissing("spark.ui.enabled", "false");
        conf.setIfMissing("spark.executor.memory", "3g");
        // as the launchers run the CLI: C1 only, since a bench task runs the static phase in the executor's JVM
        // (short-lived work that C2 compiles too late to pay back; scripts/racepipe says by how much)
        conf.setIfMissing("spark.executor.extraJavaOptions", "-XX:TieredStopAtLevel=1");
        if (m.startsWith("spark://127.0.0.1:") || m.startsWith("spark://localhost:")) {
            conf.setIfMissing("spark.driver.host", "127.0.0.1");
        }
        if (!m.startsWith("local") && !conf.contains("spark.jars")) {
            conf.set("spark.jars", String.join(",", ownJars()));
        }
        long t0 = System.nanoTime();
        sc = new JavaSparkContext(conf);
        if (System.getProperty("log4j2.configurationFile") == null) {
            sc.setLogLevel("WARN"); // Spark sets its own level as it starts; a configuration given on the command line rules
        }
        log.printf("spark: %s, %d cores, started in %.1f s%n", m, sc.defaultParallelism(), (System.nanoTime() - t0) / 1e9);
    }

    /** racepipe's jars on this JVM's class path: everything but the folder of Spark's own jars. */
    static List<String> ownJars() {
        String sparkJars = System.getProperty("racepipe.sparkJars");
        Path spark = sparkJars == null ? null : Path.of(sparkJars).toAbsolutePath().normalize();
        List<String> out = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(e).toAbsolutePath().normalize();
            if (e.isEmpty() || !Files.isRegularFile(p) || spark != null && p.startsWith(spark)) {
                continue;
            }
            out.add(p.toUri().toString());
        }
        return out;
    }

    @Override
    public TrialRunner trials(ProgramInput program) {
        try {
            trials = new SparkTrials(sc, ShippedProgram.ship(sc, program));
            return trials;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot ship the program's jars: " + e.getMessage(), e);
        }
    }

    @Override
    public List<BenchOne.Result> bench(Path suite, List<String> names, BenchOne.Settings settings, Path out) {
        try {
            List<String> answers = sc.parallelize(names, names.size())
                    .map(new BenchTask(Shipped.of(sc, suite), settings)).collect();
            List<BenchOne.Result> results = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                JsonNode o = ResultFile.JSON.readTree(answers.get(i));
                Path dir = out.resolve(names.get(i));
                Files.createDirectories(dir);
                Path report = dir.resolve("report.json");
                Files.writeString(report, o.get("report").asText());
                Map<String, Double> phases = new LinkedHashMap<>();
                o.get("phases").fields().forEachRemaining(e -> phases.put(e.getKey(), e.getValue().asDouble()));
                results.add(new BenchOne.Result(ResultFile.read(report), phases, o.get("wall").asDouble()));
            }
            return results;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (trials != null) {
            log.printf("spark: phase 2 on the cluster: %s%n", trials.tally());
        }
        sc.stop();
    }

    /** The service {@link Cluster#open} finds. */
    public static final class Factory implements Cluster.Factory {
        @Override
        public Cluster open(String master, PrintStream log) {
            return new SparkCluster(master, log);
        }
    }
}
