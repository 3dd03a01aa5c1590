package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import racepipe.contract.SiteKey;

/**
 * One bytecode instruction, as every phase names it. {@code key} is
 * {@code internal/class/Name.method(desc)@bci}; file and line are for people.
 */
public record SiteInfo(String key,
                       @JsonProperty("class") String className,
                       String method,
                       int bci,
                       String file,
                       int line,
                       String access) {

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
}
