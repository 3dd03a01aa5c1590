package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import racepipe.contract.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON every subcommand's --json writes: tool, program, options, pairs, runs, summary (docs/architecture.md). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ResultFile {
    /** Binds every result file; outcomes as their labels ("ok"), absent fields left out. */
    public static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
            .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    public Tool tool;
    public Program program;
    /** The options the command was given (each command its own). */
    public Map<String, Object> options = new LinkedHashMap<>();
    public List<RacePair> pairs = new ArrayList<>();
    /** analyze: the lock cycles (CandidateKind.LOCK_CYCLE), each through Phase 2 like a pair. */
    public List<Candidate> deadlocks;
    /**
     * analyze: the lock cycles only the static engine predicted and no trial deadlocked on (see
     * run/StaticCycles); kept apart from {@link #deadlocks}, which are the cycles a run showed.
     */
    public List<Candidate> staticCycles;
    /** analyze: the atomic blocks with their interleaving access (CandidateKind.ATOMIC_BLOCK). */
    public List<Candidate> atomicity;
    /**
     * analyze: the atomic blocks only the static engine predicted and no trial interleaved (see
     * run/StaticAtomicity); kept apart from {@link #atomicity}, which are the blocks a run showed or a trial made happen.
     */
    public List<Candidate> staticAtomicity;
    public List<DetectRun> runs;
    /**
     * analyze: per variable, its candidate pairs and how many Phase 2 tried (a verdict other than
     * untried), when some were left untried: where the budget went.
     */
    public List<VariableCount> variables;

    /** A variable's candidate pairs and how many of them were tried. */
    public record VariableCount(String variable, int pairs, int tried) {
    }

    /** The methods the agent left as they were (too large once instrumented, or a rewrite failed): never watched. */
    public List<RunResult.Uninstrumented> uninstrumented;
    /** analyze: the predictor sets, counts, verdicts and phase times. */
    public Summary summary;
    /** Why no verdict can be trusted: the program never got going (analyze exits 3). */
    public String failure;
    /** analyze ended before its work was done (the budget, a signal): why, and what was left. */
    public Stopped stopped;
    /** racepipe test: the suite's tests and how each ran without racepipe and under it. */
    public List<TestInfo> tests;

    /**
     * How analyze was stopped: why, in which phase, after how many seconds, and how many of the
     * candidates were left untried ({@code --resume} continues them).
     */
    public record Stopped(String why, String phase, double seconds, int untried, int candidates) {
    }

    /** The candidates of a kind other than a race pair (empty when none were predicted). */
    public List<Candidate> candidates(racepipe.contract.CandidateKind kind) {
        List<Candidate> l = switch (kind) {
            case LOCK_CYCLE -> deadlocks;
            case ATOMIC_BLOCK -> atomicity;
            case RACE -> throw new IllegalArgumentException("race pairs are in pairs");
        };
        return l == null ? List.of() : l;
    }

    /** Sets the candidates of a kind other than a race pair (an empty list is kept: the section ran). */
    public void candidates(racepipe.contract.CandidateKind kind, List<Candidate> list) {
        switch (kind) {
            case LOCK_CYCLE -> deadlocks = list;
            case ATOMIC_BLOCK -> atomicity = list;
            case RACE -> throw new IllegalArgumentException("race pairs are in pairs");
        }
    }

    /** Every candidate of the other kinds, section by section. */
    public List<Candidate> otherCandidates() {
        List<Candidate> all = new ArrayList<>();
        for (racepipe.contract.CandidateKind k : racepipe.contract.CandidateKind.values()) {
            if (k != racepipe.contract.CandidateKind.RACE) {
                all.addAll(candidates(k));
            }
        }
        return all;
    }

    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        JSON.writeValue(file.toFile(), this);
    }

    public static ResultFile read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), ResultFile.class);
    }
}
