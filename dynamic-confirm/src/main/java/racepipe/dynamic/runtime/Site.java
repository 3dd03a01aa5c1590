package racepipe.dynamic.runtime;

import racepipe.contract.SiteKey;

/** One instrumented instruction: its key parts, source position and what it accesses. */
public final class Site {
    public final int id;
    public final String owner;   // internal name of the class that contains the instruction
    public final String method;  // name
    public final String desc;    // descriptor
    public final int bci;
    public final String file;
    public final int line;
    public final String variable; // pkg.Class.field or T[]
    public final boolean write;
    public final int field;       // global field id; -1 for array elements
    /** For an application call into a dependency: the dependency's access sites that counted here (Sites.libraryAccess). */
    volatile int[] library = new int[0];
    volatile int lastLibrary = -1;
    final java.util.BitSet librarySeen = new java.util.BitSet(); // guarded by this

    Site(int id, String owner, String method, String desc, int bci, String file, int line,
         String variable, boolean write, int field) {
        this.id = id;
        this.owner = owner;
        this.method = method;
        this.desc = desc;
        this.bci = bci;
        this.file = file;
        this.line = line;
        this.variable = variable;
        this.write = write;
        this.field = field;
    }

    /** The key every phase uses: internal/class/Name.method(desc)@bci. */
    public String key() {
        return SiteKey.of(owner, method, desc, bci);
    }
}
