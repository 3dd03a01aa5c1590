package racepipe.pipeline.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import racepipe.pipeline.input.ProgramInput;

/**
 * The program run once as its user runs it (no agent), timed: what analyze's time limits are sized
 * from ({@link RunLimits}). Cheap next to the runs under the agent, and it tells whether the
 * program ends by itself at all.
 */
public final class PlainRun {
    /** How the plain run went: its wall time, whether it ended within the cap, and its exit status. */
    public record Result(double seconds, boolean ended, int exitStatus) {
    }

    private PlainRun() {
    }

    public static Result measure(ProgramInput program, long capMillis, Path log) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Home.javaBinary().toString()));
        cmd.addAll(program.jvmArgs());
        cmd.addAll(List.of("-cp", program.classPathString(), program.entry()));
        cmd.addAll(program.args());
        long t0 = System.nanoTime();
        ChildJvm.Ended ended = ChildJvm.run(cmd, log, capMillis);
        double secs = (System.nanoTime() - t0) / 1e9;
        return new Result(secs, !ended.timedOut(), ended.timedOut() ? -1 : ended.exitCode());
    }
}
