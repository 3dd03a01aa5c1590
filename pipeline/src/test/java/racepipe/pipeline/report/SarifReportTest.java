package racepipe.pipeline.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;

class SarifReportTest {
    @TempDir
    Path tmp;

    JsonNode written(ResultFile r, Path root) throws Exception {
        Path f = tmp.resolve("out/report.sarif");
        SarifReport.write(r, f, root);
        return new ObjectMapper().readTree(f.toFile());
    }

    @Test
    void unreached_and_untried_pairs_are_no_finding_and_a_stop_says_what_was_left() throws Exception {
        ResultFile r = Fixture.logservice();
        r.pairs.get(0).verdict = "unreached";
        r.pairs.get(1).verdict = "untried";
        r.stopped = new ResultFile.Stopped("the budget (1m) ran out", "phase 2", 60.2, 1, 4);
        JsonNode log = written(r, tmp);
        JsonNode results = log.at("/runs/0/results");
        assertThat(results).hasSize(4);
        int none = 0;
        for (JsonNode res : results) {
            String rule = res.get("ruleId").asText();
            if (rule.endsWith("-candidate")) {
                none++;
                assertThat(res.get("level").asText()).isEqualTo("none");
                assertThat(res.get("kind").asText()).isIn("open", "informational");
            }
        }
        assertThat(none).isEqualTo(2);
        JsonNode inv = log.at("/runs/0/invocations/0");
        assertThat(inv.get("executionSuccessful").asBoolean()).isFalse();
        assertThat(inv.at("/toolExecutionNotifications/0/message/text").asText())
                .contains("the budget (1m) ran out").contains("1 of 4 candidates untried");
    }

    @Test
    void carries_the_properties_code_scanning_requires() throws Exception {
        JsonNode log = written(Fixture.logservice(), tmp);
        assertThat(log.get("$schema").asText()).contains("sarif");
        assertThat(log.get("version").asText()).isEqualTo("2.1.0");
        JsonNode driver = log.at("/runs/0/tool/driver");
        assertThat(driver.get("name").asText()).isEqualTo("racepipe");
        assertThat(driver.get("version").asText()).isNotBlank();
        assertThat(driver.get("informationUri").asText()).startsWith("https://");
        Set<String> ruleIds = new HashSet<>();
        for (JsonNode rule : driver.get("rules")) {
            ruleIds.add(rule.get("id").asText());
            for (String p : List.of("/shortDescription/text", "/fullDescription/text", "/help/text")) {
                assertThat(rule.at(p).asText()).as(rule.get("id") + p).isNotBlank();
            }
        }
        assertThat(ruleIds).containsExactlyInAnyOrder(
                "racepipe/harmful-race", "racepipe/real-race", "racepipe/unconfirmed-race",
                "racepipe/unreached-race-candidate", "racepipe/untried-race-candidate");
        JsonNode results = log.at("/runs/0/results");
        assertThat(results).hasSize(4);
        for (JsonNode res : results) {
            assertThat(ruleIds).contains(res.get("ruleId").asText());
            assertThat(res.at("/message/text").asText()).isNotBlank();
            assertThat(res.get("locations")).isNotEmpty();
            assertThat(res.at("/locations/0/physicalLocation/region/startLine").asInt()).isGreaterThanOrEqualTo(1);
            assertThat(res.at("/locations/0/physicalLocation/artifactLocation/uri").asText()).endsWith(".java");
            assertThat(res.at("/partialFingerprints").size()).isEqualTo(1);
        }
    }

    @Test
    void one_result_per_pair_with_level_precision_and_both_accesses() throws Exception {
        JsonNode results = written(Fixture.logservice(), tmp).at("/runs/0/results");
        Map<String, JsonNode> byLevel = new java.util.HashMap<>();
        List<String> levels = new ArrayList<>();
        for (JsonNode r : results) {
            levels.add(r.get("level").asText());
            byLevel.putIfAbsent(r.get("level").asText(), r);
        }
        assertThat(levels).containsExactly("error", "warning", "warning", "note");
        JsonNode harmful = byLevel.get("error");
        assertThat(harmful.get("ruleId").asText()).isEqualTo("racepipe/harmful-race");
        assertThat(harmful.at("/properties/precision").asText()).isEqualTo("very-high");
        assertThat(byLevel.get("note").at("/properties/precision").asText()).isEqualTo("low");
        String msg = harmful.at("/message/text").asText();
        assertThat(msg).contains("LogService.log").contains("](1)").contains("NullPointerException")
                .contains("racepipe replay").contains("--seed");
        assertThat(harmful.at("/locations/0/physicalLocation/region/startLine").asInt()).isEqualTo(29);
        assertThat(harmful.at("/relatedLocations/0/id").asInt()).isEqualTo(1);
        assertThat(harmful.at("/relatedLocations/0/physicalLocation/region/startLine").asInt()).isEqualTo(53);
        assertThat(harmful.at("/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("benchmarks/logservice/LogService.java");
        JsonNode flows = harmful.at("/codeFlows/0/threadFlows");
        assertThat(flows).hasSize(2);
        for (JsonNode f : flows) {
            JsonNode locs = f.get("locations");
            assertThat(locs).isNotEmpty();
            assertThat(locs.get(locs.size() - 1).at("/location/physicalLocation/region/startLine").asInt())
                    .isIn(29, 53);
        }
        assertThat(byLevel.get("note").has("codeFlows")).isFalse();
    }

    @Test
    void fingerprints_differ_between_pairs_on_the_same_variable_and_methods() throws Exception {
        Set<String> prints = new HashSet<>();
        for (JsonNode r : written(Fixture.logservice(), tmp).at("/runs/0/results")) {
            prints.add(r.at("/partialFingerprints/racepipe~1v1").asText());
        }
        assertThat(prints).hasSize(4);
    }

    @Test
    void finds_the_source_file_below_the_root() throws Exception {
        Path src = tmp.resolve("proj/mod/src/main/java/benchmarks/logservice/LogService.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, "class LogService {}");
        JsonNode r = written(Fixture.logservice(), tmp.resolve("proj")).at("/runs/0/results/0");
        assertThat(r.at("/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("mod/src/main/java/benchmarks/logservice/LogService.java");
    }

    @Test
    void finds_the_source_file_in_a_given_source_root_with_any_layout() throws Exception {
        Path flat = tmp.resolve("proj/code/LogService.java"); // no package folders
        Files.createDirectories(flat.getParent());
        Files.writeString(flat, "class LogService {}");
        Path f = tmp.resolve("proj/out/report.sarif");
        SarifReport.write(Fixture.logservice(), f, tmp.resolve("proj"), List.of(tmp.resolve("proj/code")));
        JsonNode r = new ObjectMapper().readTree(f.toFile()).at("/runs/0/results/0");
        assertThat(r.at("/locations/0/physicalLocation/artifactLocation/uri").asText()).isEqualTo("code/LogService.java");
        SarifReport.write(Fixture.logservice(), f, tmp.resolve("elsewhere"), List.of(tmp.resolve("proj/code")));
        r = new ObjectMapper().readTree(f.toFile()).at("/runs/0/results/0");
        assertThat(r.at("/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo(flat.toUri().toString()); // outside the base folder: an absolute URI
    }

    @Test
    void a_suppressed_pair_carries_its_justification_and_a_baseline_says_new_or_unchanged() throws Exception {
        ResultFile r = Fixture.logservice();
        r.options.put("baseline", "old/report.json");
        r.pairs.get(0).suppressed = "log is rebuilt on every start";
        r.pairs.get(1).baseline = true;
        Map<String, JsonNode> byPair = new java.util.HashMap<>();
        for (JsonNode res : written(r, tmp).at("/runs/0/results")) {
            byPair.put(res.at("/properties/pair").asText(), res);
        }
        JsonNode suppressed = byPair.get(r.pairs.get(0).key);
        assertThat(suppressed.at("/suppressions/0/kind").asText()).isEqualTo("external");
        assertThat(suppressed.at("/suppressions/0/justification").asText()).isEqualTo("log is rebuilt on every start");
        assertThat(byPair.get(r.pairs.get(1).key).get("baselineState").asText()).isEqualTo("unchanged");
        assertThat(byPair.get(r.pairs.get(2).key).get("baselineState").asText()).isEqualTo("new");
        assertThat(byPair.get(r.pairs.get(2).key).has("suppressions")).isFalse();
        r.options.remove("baseline");
        assertThat(written(r, tmp).at("/runs/0/results/0").has("baselineState")).isFalse();
    }

    @Test
    void survives_a_bare_pair_without_lines_confirm_or_verdict() throws Exception {
        ResultFile r = new ResultFile();
        RacePair p = new RacePair();
        p.sites.add(new SiteInfo("a/B.m()V@3", "a.B$Inner", "m()V", 3, null, 0, "write"));
        r.pairs.add(p);
        r.pairs.add(new RacePair());
        JsonNode results = written(r, tmp).at("/runs/0/results");
        assertThat(results).hasSize(2);
        for (JsonNode res : results) {
            assertThat(res.get("level").asText()).isEqualTo("note");
            assertThat(res.at("/locations/0/physicalLocation/region/startLine").asInt()).isGreaterThanOrEqualTo(1);
        }
        assertThat(results.at("/0/locations/0/physicalLocation/artifactLocation/uri").asText()).isEqualTo("a/B.java");
        assertThat(written(null, tmp).at("/runs/0/results")).isEmpty();
    }

    @Test
    void escapes_brackets_of_array_variables_in_the_message() {
        RacePair p = new RacePair("int[]", new SiteInfo("a/B.m([I)V@3", "a.B", "m([I)V", 3, "B.java", 7, "write"),
                new SiteInfo("a/B.n([I)V@5", "a.B", "n([I)V", 5, "B.java", 9, "read"));
        String msg = SarifReport.message(new PairView(p));
        assertThat(msg).contains("int\\[\\]").contains("](1)");
    }

    @Test
    void names_a_nested_class_variable_as_java_source_does() {
        RacePair p = new RacePair("a.Main$Box.v", new SiteInfo("a/Main.main([Ljava/lang/String;)V@3", "a.Main", "main([Ljava/lang/String;)V", 3, "Main.java", 7, "write"),
                new SiteInfo("a/Worker.run()V@5", "a.Worker", "run()V", 5, "Main.java", 9, "write"));
        assertThat(SarifReport.message(new PairView(p))).contains("race (unconfirmed) on a.Main.Box.v:").doesNotContain("$");
        assertThat(Names.sourceVariable("a.Main$Box[]")).isEqualTo("a.Main.Box[]");
        assertThat(Names.sourceVariable("a.B.this$0")).isEqualTo("a.B.this$0");
    }
}
