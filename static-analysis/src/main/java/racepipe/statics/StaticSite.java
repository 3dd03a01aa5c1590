package racepipe.statics;

import racepipe.contract.SiteKey;

/**
 * One field or array-element access instruction, named as the dynamic agent names it
 * ({@link SiteKey}): {@code internal/class/Name.method(desc)@bci}, with the source file and line
 * for people. {@code variable} is {@code pkg.Class.field} (the declaring class) or {@code T[]}.
 */
public record StaticSite(String className, String method, String desc, int bci,
                         String file, int line, boolean write, String variable) {

    public String key() {
        return SiteKey.of(className, method, desc, bci);
    }

    public String access() {
        return write ? "write" : "read";
    }
}
