package racepipe.pipeline.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import racepipe.pipeline.input.CrashLog;
import racepipe.pipeline.input.ProgramFailure;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.run.Budgets;
import racepipe.pipeline.run.ChildJvm;
import racepipe.pipeline.run.Exploration;

/** {@code racepipe explore}: every schedule up to equivalence (DPOR), with the races and failures each one shows. */
@Command(name = "explore", mixinStandardHelpOptions = true,
        description = "Run the program under every schedule up to equivalence (dynamic partial-order reduction); "
                + "report the happens-before races and the failures (exceptions, deadlocks, non-zero exits, no end) of all of them.",
        footer = {"", "Choice points: field and array accesses, volatile accesses, monitors and java.util.concurrent locks (try-locks",
                "too), thread start and join, wait (the take after it), Thread.yield and sleep, blocking calls of latches,",
                "semaphores, barriers, queues and futures, and every atomic: java.util.concurrent.atomic (arrays, field updaters,",
                "LongAdder), VarHandle access modes, Unsafe compareAndSet / getAndAdd / get-put Volatile. A re-read of an atomic",
                "or volatile cell nobody wrote since, at the same instruction (a spin loop), waits for another thread.",
                "Not choices, so an exploration that met one says complete: false and why (incompleteBecause): which waiter",
                "notify()/signal() wakes, the order of two threads' operations on one concurrent collection, a thread stuck",
                "where the scheduler cannot see (native code, I/O, a park it does not know) that the watchdog let go.",
                "",
                "Exit codes: 0 a complete exploration found nothing, 1 a race or a failure was found (or, with --replay, shown again),",
                "4 an incomplete exploration (--budget, --bound, --max-steps, or an operation that is no choice) found nothing,",
                "2 usage error or bad input, 3 the program never got going."})
public final class ExploreCommand implements Callable<Integer> {
    @Mixin
    ProgramOptions app;

    @Option(names = "--budget", paramLabel = "DURATION", defaultValue = "10m",
            description = "stop exploring after this long, keeping what was found (default: ${DEFAULT-VALUE})")
    String budget;

    @Option(names = "--bound", paramLabel = "K", description = "at most K preemptions per execution (CHESS): incomplete, faster")
    Integer bound;

    @Option(names = "--max-steps", defaultValue = "200000",
            description = "choice points an execution may take before it counts as never ending (default: ${DEFAULT-VALUE})")
    long maxSteps;

    @Option(names = "--no-reduction", description = "try every interleaving of the choice points (brute force, for comparison)")
    boolean noReduction;

    @Option(names = "--replay", paramLabel = "SCHEDULE", description = "run one execution along SCHEDULE (as explore printed it)")
    String replay;

    @Option(names = "--json", description = "write the result here")
    Path json;

    @Option(names = "--out", paramLabel = "DIR", description = "write explore.json, explore.html and the exploring JVM's log here")
    Path out;

    @Override
    public Integer call() throws Exception {
        Duration limit;
        try {
            limit = Budgets.parse(budget);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        if (bound != null && bound < 0) {
            throw new UsageError("--bound must be 0 or more");
        }
        ProgramInput program = app.check();
        Path work = out != null ? Files.createDirectories(out) : Files.createTempDirectory("racepipe-explore");
        CrashLog.useFolder(work);
        Exploration.Options opt = new Exploration.Options(limit.toMillis(), bound == null ? -1 : bound, maxSteps, !noReduction);
        if (replay != null) {
            ChildJvm.Ended ended = Exploration.replay(program, opt, replay, work);
            System.out.println(ended.tail(200).strip());
            return ended.exitCode() == 0 || ended.exitCode() == 1 ? ended.exitCode() : 3;
        }
        Map<String, Object> r;
        try {
            r = Exploration.run(program, opt, work);
        } catch (IllegalStateException e) {
            throw new ProgramFailure(e.getMessage());
        }
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("tool", ProgramInfo.tool());
        file.put("program", ProgramInfo.program(program));
        file.put("options", Map.of("budget", budget, "bound", bound == null ? "none" : bound, "maxSteps", maxSteps,
                "reduction", !noReduction));
        file.putAll(r);
        String text = new com.fasterxml.jackson.databind.ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(file);
        if (json != null) {
            Files.writeString(json, text, StandardCharsets.UTF_8);
        }
        if (out != null) {
            Files.writeString(out.resolve("explore.json"), text, StandardCharsets.UTF_8);
            Files.writeString(out.resolve("explore.html"), racepipe.pipeline.report.ExploreHtml.page(
                    new com.fasterxml.jackson.databind.ObjectMapper().readValue(text, Map.class)), StandardCharsets.UTF_8);
        }
        ExploreSummary.print(System.out, r, bound);
        String never = ExploreSummary.neverGotGoing(r);
        if (never != null) {
            throw new ProgramFailure(never);
        }
        boolean found = !((List<?>) r.get("races")).isEmpty() || !((List<?>) r.get("failures")).isEmpty();
        // nothing found: 0 only when every schedule was explored; 4 (as replay's "no outcome") when not
        return found ? 1 : Boolean.TRUE.equals(r.get("complete")) ? 0 : 4;
    }
}
