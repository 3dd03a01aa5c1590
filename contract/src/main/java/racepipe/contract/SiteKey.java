package racepipe.contract;

/**
 * The key of a site, one bytecode instruction, as every phase names it:
 * {@code internal/class/Name.method(desc)@bci}. Static and dynamic sides build it here only.
 * A lock cycle's acquire site may be a synchronized method's monitor: offset {@link #METHOD_MONITOR}.
 */
public final class SiteKey {
    /**
     * The offset that names a synchronized method's own monitor as an acquire site: no instruction
     * takes it, the method does on entry ({@code ...method(desc)@-1}, at its first line).
     */
    public static final int METHOD_MONITOR = -1;

    private SiteKey() {
    }

    /** The key of an instruction: internal class name, method name + descriptor, bytecode index. */
    public static String of(String internalClass, String methodWithDesc, int bci) {
        return internalClass + "." + methodWithDesc + "@" + bci;
    }

    public static String of(String internalClass, String methodName, String desc, int bci) {
        return internalClass + "." + methodName + desc + "@" + bci;
    }

    /** The key of an unordered pair: the two site keys sorted, joined by '|'. */
    public static String pair(String siteA, String siteB) {
        return siteA.compareTo(siteB) <= 0 ? siteA + "|" + siteB : siteB + "|" + siteA;
    }
}
