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
        footer = {"", "Exit codes: 0 a complete exploration found nothing, 1 a race or a failure was found (or, with --replay, shown again),",
                "0 also when an incomplete exploration (--budget, --bound) found nothing: the summary and JSON say complete: false;",
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
        return found ? 1 : 0; // nothing found: the summary says whether every schedule was explored
    }
}
