package racepipe.pipeline.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import racepipe.pipeline.input.ProgramInput;
import racepipe.statics.StaticResult;

/**
 * Static help for the dynamic runs (Choi et al., PLDI 2002): the WALA engine's thread-local
 * accesses (their objects never leave the thread that made them, so no detector could pair them)
 * are not watched, which saves their cost in every run. Opt-in: a wrong proof (code the call
 * graph misses, reflection) would hide real pairs, and the engine's time comes first.
 */
public final class StaticHelp {
    /** What the engine proved: the file the agent reads, how many sites, how long it took. */
    public record Proof(Path file, int sites, double seconds, String partial) {
        public String describe() {
            return String.format(java.util.Locale.ROOT, "static help (wala): %d access%s proven thread-local, not watched, %.1f s%s",
                    sites, sites == 1 ? "" : "es", seconds, partial == null ? "" : " (partial: " + partial + ")");
        }
    }

    private StaticHelp() {
    }

    public static Proof prove(ProgramInput program, Path work) throws IOException {
        long t0 = System.nanoTime();
        StaticResult r = StaticPhase.run(program, "wala");
        Files.createDirectories(work);
        Path file = Files.write(work.resolve("unwatched.txt"), r.threadLocal());
        return new Proof(file, r.threadLocal().size(), (System.nanoTime() - t0) / 1e9, r.partial());
    }
}
