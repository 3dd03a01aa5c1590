package racepipe.pipeline.run;

import java.nio.file.Path;
import java.util.List;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.model.RacePair;

/** The replay command of a trial, as people paste it: from any folder, with the program's class path. */
public final class Replay {
    private Replay() {
    }

    public static String command(ProgramInput p, RacePair pair, Object seed, String scheduler) {
        StringBuilder sb = new StringBuilder(Launcher.command()).append(" replay ").append(quote(p.jar().toString()));
        if (!p.classPath().isEmpty()) {
            sb.append(" --cp ").append(quote(String.join(java.io.File.pathSeparator,
                    p.classPath().stream().map(Path::toString).toList())));
        }
        sb.append(jdkOption()).append(jvmArgOptions(p)).append(" --entry ").append(p.entry())
                .append(" --pair ").append(quote(pair.sites.get(0).key())).append(' ').append(quote(pair.sites.get(1).key()))
                .append(" --seed ").append(seed);
        if (!"racefuzzer".equals(scheduler)) {
            sb.append(" --scheduler ").append(scheduler);
        }
        if (!p.args().isEmpty()) {
            sb.append(" --");
            p.args().forEach(a -> sb.append(' ').append(quote(a)));
        }
        return sb.toString();
    }

    /**
     * The replay command of a candidate of another kind than a race pair: its kind's option with
     * its sites in order ({@code --deadlock S1,S2,S3,S4}), the seed; its kind's strategy schedules it.
     */
    public static String command(ProgramInput p, racepipe.contract.CandidateKind kind, List<String> sites, Object seed) {
        StringBuilder sb = new StringBuilder(Launcher.command()).append(" replay ").append(quote(p.jar().toString()));
        if (!p.classPath().isEmpty()) {
            sb.append(" --cp ").append(quote(String.join(java.io.File.pathSeparator,
                    p.classPath().stream().map(Path::toString).toList())));
        }
        sb.append(jdkOption()).append(" --entry ").append(p.entry()).append(' ').append(kind.replayOption).append(' ')
                .append(quote(String.join(",", sites))).append(" --seed ").append(seed);
        if (kind == racepipe.contract.CandidateKind.ATOMIC_BLOCK && !AtomicSpec.named().isEmpty()) {
            // the trial's agent took these methods as blocks too: the same operations, the same schedule
            sb.append(" --atomic-block ").append(quote(String.join(",", AtomicSpec.named())));
        }
        if (!p.args().isEmpty()) {
            sb.append(" --");
            p.args().forEach(a -> sb.append(' ').append(quote(a)));
        }
        return sb.toString();
    }

    /** {@code --jdk HOME} when one was given: a replay on another JDK is another run. */
    static String jdkOption() {
        return Jdk.chosen() ? " --jdk " + quote(Jdk.home().toString()) : "";
    }

    /** {@code --jvm-arg=ARG} for each JVM option the program was run with: without them it may not run the same. */
    static String jvmArgOptions(ProgramInput p) {
        StringBuilder sb = new StringBuilder();
        p.jvmArgs().forEach(a -> sb.append(' ').append(quote("--jvm-arg=" + a)));
        return sb.toString();
    }

    static String quote(String s) {
        return s.matches("[A-Za-z0-9_./:@=,+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
