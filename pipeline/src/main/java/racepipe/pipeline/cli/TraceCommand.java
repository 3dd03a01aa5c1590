package racepipe.pipeline.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import racepipe.contract.Outcome;
import racepipe.contract.SiteKey;
import racepipe.dynamic.detect.EventHub;
import racepipe.dynamic.detect.PairTable;
import racepipe.dynamic.detect.StdTraceReader;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.DetectRun;
import racepipe.pipeline.model.ProgramInfo;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.model.ResultFile;
import racepipe.pipeline.model.SiteInfo;

/**
 * {@code racepipe trace FILE}: the dynamic detectors on a trace file in RAPID's STD format, as
 * {@code detect --trace} writes it or as RAPID reads it, in this JVM. The sites are named from
 * FILE.sites when detect wrote one, else by the trace's location numbers.
 */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = "Run the detectors on a trace in RAPID's STD format (written by detect --trace, or RAPID's own).")
public final class TraceCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "the trace: lines thread|op(decor)|location")
    Path file;

    @Option(names = "--detectors", split = ",", description = "which detectors (default: ${DEFAULT-VALUE})",
            defaultValue = "ls,eraser,hybrid,hb,shb,wcp,syncp", converter = Detector.Converter.class)
    List<Detector> detectors;

    @Option(names = "--json", description = "write the result here")
    Path json;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(file)) {
            throw new UsageError("no trace file: " + file);
        }
        List<String> names = Spelling.of(detectors);
        EventHub hub = EventHub.of(names);
        StdTraceReader reader = new StdTraceReader(hub);
        try (BufferedReader in = Files.newBufferedReader(file)) {
            reader.read(in);
        } catch (IllegalArgumentException e) {
            throw new UsageError(file + ": " + e.getMessage());
        }
        Map<Integer, String> variables = new HashMap<>();
        Map<Integer, SiteInfo> sites = sites(file.resolveSibling(file.getFileName() + ".sites"), variables);
        Map<String, RacePair> pairs = new LinkedHashMap<>();
        Map<String, List<String>> sets = new LinkedHashMap<>();
        for (racepipe.dynamic.detect.Detector d : hub.detectors()) {
            TreeSet<String> set = new TreeSet<>();
            for (PairTable.Entry p : d.pairs().entries().values()) {
                SiteInfo a = site(sites, p.siteA), b = site(sites, p.siteB);
                RacePair pair = pairs.computeIfAbsent(SiteKey.pair(a.key(), b.key()), k -> new RacePair(variables.get(p.siteA), a, b));
                pair.predictors.put(d.name(), 1);
                set.add(pair.key);
            }
            sets.put(d.name(), new ArrayList<>(set));
        }
        ResultFile out = new ResultFile();
        out.tool = ProgramInfo.tool();
        out.options.put("trace", file.toString());
        out.options.put("events", reader.events());
        out.options.put("detectors", names);
        out.pairs = new ArrayList<>(pairs.values());
        out.runs = List.of(new DetectRun(1, null, Outcome.OK, null, null, null, sets));
        System.out.println("trace: " + file + ", " + reader.events() + " events");
        Tables.printDetect(System.out, out, names, 1);
        if (json != null) {
            out.write(json);
        }
        return 0;
    }

    /** FILE.sites as detect --trace writes it (id, class, method, descriptor, bci, file, line, variable, kind), or none. */
    private static Map<Integer, SiteInfo> sites(Path file, Map<Integer, String> variables) throws IOException {
        Map<Integer, SiteInfo> sites = new HashMap<>();
        if (!Files.isRegularFile(file)) {
            return sites;
        }
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\t", -1);
            if (f.length >= 9) {
                variables.put(Integer.parseInt(f[0]), f[7]);
                sites.put(Integer.parseInt(f[0]), SiteInfo.of(f[1], f[2], f[3], Integer.parseInt(f[4]), f[5],
                        Integer.parseInt(f[6]), f[8].equals("write")));
            }
        }
        return sites;
    }

    /** The site of a location number, or one named by the number when the trace came without sites. */
    private static SiteInfo site(Map<Integer, SiteInfo> sites, int id) {
        SiteInfo s = sites.get(id);
        return s != null ? s : SiteInfo.of("trace", "location" + id, "()V", id, null, 0, false);
    }
}
