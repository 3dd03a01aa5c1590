package racepipe.dynamic.agent;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The agent's options, {@code key=value} separated by '|' (descriptors contain ';'): {@code detectors=ls,hb},
 * {@code sites=KEY,KEY} (Phase 2: instrument only these accesses), {@code dump=FILE},
 * {@code deps=PATH:PATH} (the program's dependencies: library code, see Dependencies),
 * {@code unwatched=FILE} (site keys, one a line, that no run watches: see SiteFilter).
 */
public final class AgentOptions {
    private final Map<String, String> values = new HashMap<>();

    public AgentOptions(String text) {
        if (text == null) {
            return;
        }
        for (String part : text.split("\\|")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                values.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
            }
        }
    }

    public String get(String key, String dflt) {
        return values.getOrDefault(key, dflt);
    }

    public List<String> list(String key) {
        String v = values.get(key);
        return v == null || v.isEmpty() ? List.of() : Arrays.asList(v.split(","));
    }

    /** Which sites to instrument: sites= (or every one) minus those in the unwatched= file. */
    SiteFilter filter() {
        String file = values.get("unwatched");
        if (file == null) {
            return SiteFilter.only(sites());
        }
        try {
            Set<String> unwatched = new java.util.HashSet<>();
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of(file))) {
                if (!line.isBlank()) {
                    unwatched.add(line.trim());
                }
            }
            return new SiteFilter(sites(), unwatched);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("racepipe agent: cannot read unwatched sites " + file + ": " + e.getMessage());
        }
    }

    /** The sites to instrument, or null for every access. */
    public Set<String> sites() {
        String v = values.get("sites");
        return v == null ? null : new LinkedHashSet<>(Arrays.asList(v.split(",")));
    }
}
