package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.TreeSet;
import racepipe.contract.SiteKey;

/**
 * One bytecode instruction, as every phase names it. {@code key} is
 * {@code internal/class/Name.method(desc)@bci}; file and line are for people. {@code library}:
 * for an application call into a dependency or java.util, the library frames whose accesses
 * count at it ({@code shoplib.Inventory.add(Inventory.java:4)}); empty for any other site.
 */
public record SiteInfo(String key,
                       @JsonProperty("class") String className,
                       String method,
                       int bci,
                       String file,
                       int line,
                       String access,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> library) {

    @JsonCreator
    public SiteInfo {
        library = library == null ? List.of() : List.copyOf(library);
    }

    public SiteInfo(String key, String className, String method, int bci, String file, int line, String access) {
        this(key, className, method, bci, file, line, access, List.of());
    }

    /** The site key of an instruction: internal class name, method name + descriptor, bci. */
    public static String key(String internalClass, String methodWithDesc, int bci) {
        return SiteKey.of(internalClass, methodWithDesc, bci);
    }

    public static SiteInfo of(String internalClass, String methodName, String desc, int bci,
                              String file, int line, boolean write) {
        String method = methodName + desc;
        return new SiteInfo(key(internalClass, method, bci), internalClass.replace('/', '.'),
                method, bci, file, line, write ? "write" : "read");
    }

    /** This site with exactly these library frames (sorted, each once): what ran, in place of what was predicted. */
    public SiteInfo withOnlyLibrary(java.util.Collection<String> frames) {
        return new SiteInfo(key, className, method, bci, file, line, access, List.copyOf(new TreeSet<>(frames)));
    }

    /** This site with more library frames (sorted, each once). */
    public SiteInfo withLibrary(java.util.Collection<String> frames) {
        if (frames == null || frames.isEmpty() || library.containsAll(frames)) {
            return this;
        }
        TreeSet<String> all = new TreeSet<>(library);
        all.addAll(frames);
        return new SiteInfo(key, className, method, bci, file, line, access, List.copyOf(all));
    }
}
