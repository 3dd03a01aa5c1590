package racepipe.pipeline.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.ResultFile;

/**
 * analyze's out folder: what it keeps to be resumed (phase1.json, trials.jsonl, phases.json) is reused only
 * with --resume, and only for the same program; a plain analyze into a used folder starts afresh,
 * so its verdicts are never an older build's.
 */
final class OutFolder {
    static final List<String> KEPT = List.of("phase1.json", "trials.jsonl", "phases.json");

    private OutFolder() {
    }

    static void startAfresh(Path out, PrintStream log) throws IOException {
        boolean used = false;
        for (String f : KEPT) {
            used |= Files.deleteIfExists(out.resolve(f));
        }
        if (used) {
            log.println("racepipe: " + out + " held an earlier analyze: starting afresh (--resume " + out + " continues one)");
        }
    }

    static void checkResumable(Path dir, ProgramInput program) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new UsageError("nothing to resume in " + dir);
        }
        Path phase1 = dir.resolve("phase1.json");
        if (!Files.exists(phase1)) {
            return; // killed before Phase 1 ended: everything runs
        }
        ResultFile before;
        try {
            before = ResultFile.read(phase1);
        } catch (IOException | RuntimeException e) {
            throw new UsageError("cannot resume from " + phase1 + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        String now = ProgramInfo.program(program).sha256();
        String then = before.program == null ? null : before.program.sha256();
        if (!Objects.equals(now, then) || before.program == null || !program.entry().equals(before.program.entry())) {
            throw new UsageError(dir + " holds an analyze of another program or build (jar digest or entry differ):"
                    + " analyze it afresh with --out");
        }
    }
}
