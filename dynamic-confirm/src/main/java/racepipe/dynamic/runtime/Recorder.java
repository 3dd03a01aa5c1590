package racepipe.dynamic.runtime;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import racepipe.dynamic.detect.Detector;
import racepipe.dynamic.detect.EventHub;
import racepipe.dynamic.detect.PairTable;
import racepipe.dynamic.detect.Shadow;

/**
 * Phase 1's recorder: turns the runtime's events into detector events, one at a time under its
 * own lock, so every detector sees one order. Writes what the detectors found at the end.
 */
final class Recorder {
    private final EventHub hub;
    private final ShadowMap shadows;
    final Threads threads = new Threads();
    private final IdentityHashMap<Object, Integer> lockIds = new IdentityHashMap<>();

    Recorder(List<String> detectors) {
        this.hub = EventHub.of(detectors);
        this.shadows = new ShadowMap(hub::newShadow);
    }

    private int lockId(Object lock) {
        Integer id = lockIds.get(lock);
        if (id == null) {
            id = lockIds.size();
            lockIds.put(lock, id);
        }
        return id;
    }

    synchronized void field(Object target, int site, boolean write) {
        Site s = Sites.get(site);
        Shadow loc = target == null ? shadows.staticField(s.field) : shadows.field(target, s.field);
        hub.access(threads.current(), loc, site, write);
    }

    /** An access inside a watched collection class: its own field, counted at the application's call site. */
    synchronized void field(Object target, int field, int site, boolean write) {
        Shadow loc = target == null ? shadows.staticField(field) : shadows.field(target, field);
        hub.access(threads.current(), loc, site, write);
    }

    synchronized void element(Object array, int index, int site, boolean write) {
        Shadow loc = shadows.element(array, index);
        if (loc != null) { // null: out of bounds, the access itself throws
            hub.access(threads.current(), loc, site, write);
        }
    }

    synchronized void volatileField(Object target, int site, boolean write) {
        Site s = Sites.get(site);
        Shadow loc = target == null ? shadows.staticField(s.field) : shadows.field(target, s.field);
        hub.volatileAccess(threads.current(), loc.id, write);
    }

    private static final int SYNC_FIELD = Sites.field("racepipe/runtime/Synchronizers", "clock");

    /** A synchroniser's release (true) or acquire (false): an edge for happens-before only. */
    synchronized void syncEdge(Object sync, boolean release) {
        hub.volatileAccess(threads.current(), shadows.field(sync, SYNC_FIELD).id, release);
    }

    synchronized void acquire(Object lock, boolean exclusive) {
        hub.acquire(threads.current(), lockId(lock), exclusive);
    }

    synchronized void release(Object lock, boolean exclusive) {
        hub.release(threads.current(), lockId(lock), exclusive);
    }

    /** Before a wait: drops every hold of the monitor; returns the count to restore. */
    synchronized int beforeWait(Object monitor) {
        return hub.releaseAll(threads.current(), lockId(monitor));
    }

    synchronized void afterWait(Object monitor, Object lock, int holds) {
        int tid = threads.current();
        hub.waitReturn(tid, lockId(monitor));
        hub.reacquire(tid, lockId(lock), holds);
    }

    synchronized void notifyWaiters(Object monitor) {
        hub.notifyWaiters(threads.current(), lockId(monitor));
    }

    synchronized void start(Thread child) {
        hub.threadStart(threads.current(), threads.idOf(child));
    }

    synchronized void join(Thread joined) {
        if (!joined.isAlive()) {
            hub.threadJoin(threads.current(), threads.idOf(joined));
        }
    }

    /** Writes sites, threads and pairs as tab-separated lines (the pipeline parses them). */
    synchronized void writeTo(PrintWriter out) {
        List<Integer> used = new ArrayList<>();
        boolean[] seen = new boolean[Sites.count()];
        for (Detector d : hub.detectors()) {
            for (Map.Entry<Long, PairTable.Entry> e : d.pairs().entries().entrySet()) {
                PairTable.Entry p = e.getValue();
                out.println("pair\t" + d.name() + "\t" + p.siteA + "\t" + p.siteB + "\t" + p.events
                        + "\t" + clean(threads.name(p.threadA)) + "\t" + clean(threads.name(p.threadB)));
                for (int s : new int[] {p.siteA, p.siteB}) {
                    if (!seen[s]) {
                        seen[s] = true;
                        used.add(s);
                    }
                }
            }
        }
        for (int id : used) {
            Site s = Sites.get(id);
            out.println("site\t" + id + "\t" + s.owner + "\t" + s.method + "\t" + s.desc + "\t" + s.bci + "\t"
                    + s.file + "\t" + s.line + "\t" + s.variable + "\t" + (s.write ? "write" : "read"));
        }
    }

    static String clean(String s) {
        return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    void writeFile(Path file, List<String> header) {
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
            header.forEach(out::println);
            writeTo(out);
        } catch (IOException e) {
            System.err.println("racepipe: cannot write " + file + ": " + e);
        }
    }
}
