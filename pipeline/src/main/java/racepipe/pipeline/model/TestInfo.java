package racepipe.pipeline.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One test of a suite (racepipe test): its JUnit unique id, class, method and display name, how it
 * ended in the plain run without racepipe ({@code plain}: successful, failed, aborted, skipped)
 * with its failure, and how under the agent in Phase 1 ({@code phase1}); {@code pairs}: the
 * candidate pairs it was the first to reach.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TestInfo(String id, String className, String method, String name, String plain, String failure, String phase1,
                       Integer pairs) {
    /** class#method[name], as people name a test (the display name when it differs from the method's). */
    public String label() {
        String simple = className == null ? "?" : className.substring(className.lastIndexOf('.') + 1);
        String m = method == null ? "" : "#" + method;
        String n = name == null || method == null || name.equals(method + "()") || name.equals(method) ? "" : " [" + name + "]";
        return simple + m + n;
    }
}
