package racepipe.dynamic.detect;

import java.io.BufferedWriter;
import java.io.Flushable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * The run's trace, as the detectors get it, in RAPID's STD format (umangm/rapid,
 * {@code parse.std.Parse}): one event a line, {@code thread|op(decor)|location}, op one of
 * {@code r w acq rel fork join}; the location an int, here the site id of an access (0 for
 * synchronisation, -1 for an acquire or release in read mode, which RAPID takes as exclusive).
 * Names: threads {@code T<id>}, variables {@code V<n>} (n numbered in first-access order, a field
 * of an object or an array cell each one), locks {@code L<id>}. RAPID has no volatiles and no
 * wait/notify, so each is written as a critical section of its own lock holding one access to a
 * variable of the same name: a volatile write or read of variable v as {@code acq(Yv) w(Yv)
 * rel(Yv)} or {@code acq(Yv) r(Yv) rel(Yv)}, a notification of monitor m as {@code acq(Nm) w(Nm)
 * rel(Nm)}, a return from waiting on it as {@code acq(Nm) r(Nm) rel(Nm)}, a hand-off of object h
 * sent or received as {@code acq(Hh) w(Hh) rel(Hh)} or {@code acq(Hh) r(Hh) rel(Hh)}. Given to RAPID, these
 * order more than racepipe's edges (a read before a later write too, which only drops races);
 * {@link StdTraceReader} reads them back as the events they stand for. Every access is written
 * (the hub calls this detector on each), so a trace is about as long as the run's accesses.
 */
public final class StdTraceWriter implements Detector, Flushable {
    private final Writer out;
    private final PairTable none = new PairTable();
    private int variable; // the offset of the location's variable number
    private int variables;

    public StdTraceWriter(Writer out) {
        this.out = out instanceof BufferedWriter ? out : new BufferedWriter(out, 1 << 16);
    }

    @Override
    public String name() {
        return "trace";
    }

    @Override
    public PairTable pairs() {
        return none;
    }

    @Override
    public int locationInts() {
        return 1;
    }

    @Override
    public void place(int location, int entry, int stride) {
        this.variable = location;
    }

    @Override
    public int repeatColumn() {
        return ALWAYS;
    }

    private void line(int tid, String op, String decor, int location) {
        try {
            out.write('T');
            out.write(Integer.toString(tid));
            out.write('|');
            out.write(op);
            out.write('(');
            out.write(decor);
            out.write(")|");
            out.write(Integer.toString(location));
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void section(int tid, String name, boolean write) {
        line(tid, "acq", name, 0);
        line(tid, write ? "w" : "r", name, 0);
        line(tid, "rel", name, 0);
    }

    @Override
    public void access(Shape shape, int[] data, int base, int e, boolean fresh, Context by) {
        int v = data[base + variable];
        if (v == 0) {
            v = data[base + variable] = ++variables;
        }
        line(by.tid, shape.write(e) ? "w" : "r", "V" + v, shape.site(e));
    }

    @Override
    public void threadStart(int parent, int child) {
        line(parent, "fork", "T" + child, 0);
    }

    @Override
    public void threadJoin(int joiner, int joined) {
        line(joiner, "join", "T" + joined, 0);
    }

    @Override
    public void acquire(int tid, int lock, boolean exclusive) {
        line(tid, "acq", "L" + lock, exclusive ? 0 : -1);
    }

    @Override
    public void release(int tid, int lock, boolean exclusive) {
        line(tid, "rel", "L" + lock, exclusive ? 0 : -1);
    }

    @Override
    public void notifyWaiters(int tid, int monitor) {
        section(tid, "N" + monitor, true);
    }

    @Override
    public void waitReturn(int tid, int monitor) {
        section(tid, "N" + monitor, false);
    }

    @Override
    public void volatileAccess(int tid, int variable, boolean write) {
        section(tid, "Y" + variable, write);
    }

    @Override
    public void handOff(int tid, int object, boolean send) {
        section(tid, "H" + object, send);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }
}
