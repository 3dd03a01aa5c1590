package racepipe.pipeline.cli;

import picocli.CommandLine.Option;

/** {@code --jobs}: how many worker JVMs run trials in parallel (confirm, analyze). */
final class JobsOption {
    @Option(names = "--jobs", description = "worker JVMs in parallel (default: the number of cores)")
    Integer jobs;

    static JobsOption of(int jobs) {
        JobsOption o = new JobsOption();
        o.jobs = jobs;
        return o;
    }

    /** --jobs, or else the number of cores; at least 1. */
    int count() {
        return Math.max(1, jobs != null ? jobs : Runtime.getRuntime().availableProcessors());
    }
}
