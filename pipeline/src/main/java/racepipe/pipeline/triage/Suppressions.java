package racepipe.pipeline.triage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.RacePair;
import racepipe.pipeline.run.SitePattern;

/**
 * {@code --suppress FILE}: races people looked at and accept, one a line: {@code SITE SITE # reason}
 * (SITE as confirm takes it: File.java:LINE, pkg.Class.method@bci or a site key; File.java:LINE
 * covers every access on the line), or {@code SITE # reason} for every pair with that site. The
 * reason is required; blank lines and lines starting with # are skipped.
 */
public final class Suppressions {
    /** One line of the file. */
    public record Rule(String where, SitePattern a, SitePattern b, String reason) {
        boolean covers(RacePair p) {
            if (p.sites == null || p.sites.isEmpty()) {
                return false;
            }
            var s0 = p.sites.get(0);
            var s1 = p.sites.size() > 1 ? p.sites.get(1) : s0;
            if (b == null) {
                return a.matches(s0) || a.matches(s1);
            }
            return (a.matches(s0) && b.matches(s1)) || (a.matches(s1) && b.matches(s0));
        }
    }

    private final List<Rule> rules;

    Suppressions(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    public static Suppressions load(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageError("cannot read the suppressions " + file + ": " + e.getMessage());
        }
        return parse(file.getFileName().toString(), lines);
    }

    static Suppressions parse(String name, List<String> lines) {
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = name + ":" + (i + 1);
            int hash = line.indexOf('#');
            String reason = hash < 0 ? "" : line.substring(hash + 1).strip();
            String[] sites = (hash < 0 ? line : line.substring(0, hash)).strip().split("\\s+");
            if (reason.isEmpty()) {
                throw new UsageError(where + ": give the reason after '#' (SITE SITE # reason)");
            }
            if (sites.length > 2 || sites[0].isEmpty()) {
                throw new UsageError(where + ": want SITE SITE # reason, got " + line);
            }
            try {
                rules.add(new Rule(where, SitePattern.parse(sites[0]), sites.length == 2 ? SitePattern.parse(sites[1]) : null, reason));
            } catch (UsageError e) {
                throw new UsageError(where + ": " + e.getMessage());
            }
        }
        return new Suppressions(rules);
    }

    /** Puts each covered pair's reason on it (the first rule that covers it); returns the rules that covered none. */
    public List<Rule> mark(List<RacePair> pairs) {
        List<Rule> unused = new ArrayList<>(rules);
        for (RacePair p : pairs) {
            for (Rule r : rules) {
                if (r.covers(p)) {
                    p.suppressed = r.reason();
                    unused.remove(r);
                    break;
                }
            }
        }
        return unused;
    }
}
