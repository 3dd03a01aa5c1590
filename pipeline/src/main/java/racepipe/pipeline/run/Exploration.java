package racepipe.pipeline.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import racepipe.contract.Json;
import racepipe.pipeline.input.ProgramInput;

/**
 * {@code explore}'s child JVM: the program under the agent (every access instrumented) and the
 * exploring scheduler, run again and again by ExploreMain; its answer is a JSON map (executions,
 * complete, races, failures, each with its schedule), to which this adds the replay commands.
 */
public final class Exploration {
    /** How the exploration goes: a budget, a preemption bound (-1: none), steps per execution, reduction on. */
    public record Options(long budgetMillis, int bound, long maxSteps, boolean reduce) {
    }

    private Exploration() {
    }

    /** Explores; the child's answer with a replay command on each race and failure, or null when it wrote none. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> run(ProgramInput program, Options opt, Path work) throws IOException, InterruptedException {
        Path result = work.resolve("explore.json");
        Files.deleteIfExists(result);
        ChildJvm.Ended ended = ChildJvm.run(command(program, opt, result, "-"), work.resolve("explore.log"),
                opt.budgetMillis() + 90_000);
        if (!Files.exists(result)) {
            String tail = ended.tail(3).strip();
            throw new IllegalStateException("the exploring JVM ended without an answer (exit " + ended.exitCode()
                    + (ended.timedOut() ? ", killed for time" : "") + ")" + (tail.isEmpty() ? "" : ": " + tail));
        }
        Map<String, Object> m = (Map<String, Object>) Json.read(Files.readString(result, StandardCharsets.UTF_8));
        for (String list : List.of("races", "failures")) {
            for (Map<String, Object> item : (List<Map<String, Object>>) m.get(list)) {
                item.put("replay", replayCommand(program, String.valueOf(item.get("schedule"))));
            }
        }
        return m;
    }

    /** Replays one schedule; the child's printed outcome, and its exit code (1: it failed or raced). */
    public static ChildJvm.Ended replay(ProgramInput program, Options opt, String schedule, Path work)
            throws IOException, InterruptedException {
        return ChildJvm.run(command(program, opt, work.resolve("unused.json"), schedule), work.resolve("replay.log"), 120_000);
    }

    private static List<String> command(ProgramInput program, Options opt, Path result, String schedule) {
        List<String> args = new ArrayList<>(List.of(result.toString(), program.classPathString(), program.entry(),
                String.valueOf(opt.budgetMillis()), String.valueOf(opt.bound()), String.valueOf(opt.maxSteps()),
                String.valueOf(opt.reduce()), schedule));
        args.addAll(program.args());
        return ChildJvm.command(program, "", "", "racepipe.dynamic.run.ExploreMain", args);
    }

    /** The command that runs one execution again, as people paste it. */
    public static String replayCommand(ProgramInput p, String schedule) {
        StringBuilder sb = new StringBuilder(Launcher.command()).append(" explore ").append(Replay.quote(p.jar().toString()));
        if (!p.classPath().isEmpty()) {
            sb.append(" --cp ").append(Replay.quote(String.join(java.io.File.pathSeparator,
                    p.classPath().stream().map(Path::toString).toList())));
        }
        sb.append(Replay.jdkOption()).append(Replay.jvmArgOptions(p)).append(" --entry ").append(p.entry()).append(" --replay ").append(Replay.quote(schedule));
        if (!p.args().isEmpty()) {
            sb.append(" --");
            p.args().forEach(a -> sb.append(' ').append(Replay.quote(a)));
        }
        return sb.toString();
    }
}
