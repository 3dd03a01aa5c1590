package racepipe.dynamic.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import racepipe.contract.RunResult;
import racepipe.contract.SiteKey;

/**
 * The registry of instrumented sites and field ids, filled at instrumentation time. A class
 * loaded again (a fresh class loader per trial) gets the same ids for the same keys.
 */
public final class Sites {
    private static final List<Site> SITES = new ArrayList<>();
    private static final Map<String, Integer> BY_KEY = new HashMap<>();
    private static final Map<String, Integer> FIELDS = new HashMap<>();
    private static final List<String> FIELD_NAMES = new ArrayList<>();
    private static volatile Site[] snapshot = new Site[0];

    private Sites() {
    }

    public static synchronized int register(String owner, String method, String desc, int bci, String file,
                                            int line, String variable, boolean write, int field) {
        String key = SiteKey.of(owner, method, desc, bci);
        Integer known = BY_KEY.get(key);
        if (known != null) {
            return known;
        }
        int id = SITES.size();
        SITES.add(new Site(id, owner, method, desc, bci, file, line, variable, write, field));
        BY_KEY.put(key, id);
        snapshot = SITES.toArray(new Site[0]);
        return id;
    }

    /** A global id for a field, by its declaring class and name. */
    public static synchronized int field(String declaringClass, String name) {
        return FIELDS.computeIfAbsent(declaringClass + "." + name, k -> {
            FIELD_NAMES.add(k.replace('/', '.'));
            return FIELDS.size();
        });
    }

    /** pkg.Class.field of a field id. */
    public static synchronized String fieldName(int field) {
        return field >= 0 && field < FIELD_NAMES.size() ? FIELD_NAMES.get(field) : "?";
    }

    /** Inside a watched collection class an access has no site of its own: it carries its field. */
    public static final int LIBRARY_ELEMENT = -2;

    public static int libraryField(int field) {
        return -3 - field;
    }

    static int libraryFieldOf(int site) {
        return -3 - site;
    }

    /**
     * Inside a dependency's class an access counts at the application's call too, but it has a
     * registered site of its own (its variable, field and frame): its id, offset far below the
     * collection codes above. One above Integer.MIN_VALUE: the instrumenter's "not watched"
     * (MethodInstrumenter.NOT_WATCHED) is MIN_VALUE itself, and site 0 of a dependency must not be it.
     */
    private static final int DEPENDENCY = Integer.MIN_VALUE + 1;

    public static int dependency(int site) {
        return DEPENDENCY + site;
    }

    /** The registered site of a dependency's access, or -1 for a collection class's. */
    static int dependencySite(int code) {
        return code < DEPENDENCY / 2 ? code - DEPENDENCY : -1;
    }

    /** A dependency's access (site {@code inner}) counted at the application's call {@code call}: remembered for the run's report. */
    static void libraryAccess(int call, int inner) {
        Site s = get(call);
        if (s.lastLibrary == inner) {
            return;
        }
        synchronized (s) {
            s.lastLibrary = inner;
            if (!s.librarySeen.get(inner)) {
                s.librarySeen.set(inner);
                int[] more = java.util.Arrays.copyOf(s.library, s.library.length + 1);
                more[s.library.length] = inner;
                s.library = more;
            }
        }
    }

    /** The dependency accesses that counted at this call site, as the run's result names them. */
    static synchronized List<RunResult.LibraryAccess> library(int call) {
        List<RunResult.LibraryAccess> out = new ArrayList<>();
        for (int i : get(call).library) {
            Site s = get(i);
            out.add(new RunResult.LibraryAccess(s.variable, s.write,
                    s.owner.replace('/', '.') + "." + s.method + "(" + s.file + ":" + s.line + ")"));
        }
        return out;
    }

    public static Site get(int id) {
        Site[] s = snapshot;
        return id < s.length ? s[id] : SITES.get(id);
    }

    public static synchronized int count() {
        return SITES.size();
    }
}
