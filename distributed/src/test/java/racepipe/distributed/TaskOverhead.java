package racepipe.distributed;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.run.ConfirmRuns;

/**
 * What a Spark task costs racepipe, for benchmarks/results/spark-*.md (a measurement, not a test):
 * jobs of no-op tasks, then one LogService trial per task beside the same batch run here.
 * Usage (Spark's jars first, as scripts/racepipe puts them): TaskOverhead MASTER BENCH_JAR ROUNDS
 */
public final class TaskOverhead {
    private TaskOverhead() {
    }

    public static void main(String[] args) throws Exception {
        String master = args[0];
        ProgramInput program = ProgramInput.check(Path.of(args[1]), "benchmarks.logservice.Main", List.of());
        int rounds = Integer.parseInt(args[2]);
        SparkConf conf = new SparkConf().setAppName("racepipe-overhead").setMaster(master).set("spark.ui.enabled", "false");
        if (!master.startsWith("local")) {
            conf.set("spark.jars", String.join(",", SparkCluster.ownJars()));
        }
        try (JavaSparkContext sc = new JavaSparkContext(conf)) {
            sc.setLogLevel("WARN");
            int cores = Math.max(2, sc.defaultParallelism());
            List<Integer> ones = new ArrayList<>();
            for (int i = 0; i < cores; i++) {
                ones.add(i);
            }
            sc.parallelize(ones, cores).map(x -> x).collect(); // executors up, classes loaded
            long t0 = System.nanoTime();
            for (int r = 0; r < rounds; r++) {
                sc.parallelize(ones, cores).map(x -> x).collect();
            }
            System.out.printf("no-op job of %d tasks: %.1f ms a job%n", cores, (System.nanoTime() - t0) / 1e6 / rounds);
            String a = "benchmarks/logservice/LogService.master()V@41", b = "benchmarks/logservice/LogService.worker()V@4";
            ConfirmRuns.Options opt = new ConfirmRuns.Options(1, 7, "racefuzzer", 1, 10_000, false, 20);
            ShippedProgram shipped = ShippedProgram.ship(sc, program);
            TrialTask task = new TrialTask(shipped, a, b, opt);
            List<long[]> slices = new ArrayList<>();
            for (int i = 0; i < cores; i++) {
                slices.add(new long[] {1000 + i});
            }
            sc.parallelize(slices, cores).map(task).collect(); // warm
            t0 = System.nanoTime();
            for (int r = 0; r < rounds; r++) {
                sc.parallelize(slices, cores).map(task).collect();
            }
            double spark = (System.nanoTime() - t0) / 1e6 / rounds;
            t0 = System.nanoTime();
            for (int r = 0; r < rounds; r++) {
                ConfirmRuns.batch(program, a, b, opt, List.of(1000L + r));
            }
            double here = (System.nanoTime() - t0) / 1e6 / rounds;
            System.out.printf("one trial a task, %d tasks in parallel: %.0f ms a job; the same trial on a worker JVM here, one"
                    + " after another: %.0f ms%n", cores, spark, here);
        }
    }
}
