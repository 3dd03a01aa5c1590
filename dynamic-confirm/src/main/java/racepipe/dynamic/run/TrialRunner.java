package racepipe.dynamic.run;

import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import racepipe.contract.Outcome;
import racepipe.contract.TrialResult;
import racepipe.dynamic.runtime.Abort;
import racepipe.dynamic.runtime.Carriers;
import racepipe.dynamic.runtime.Control;
import racepipe.dynamic.runtime.Observer;
import racepipe.dynamic.runtime.ProgramEnd;
import racepipe.dynamic.sched.RaceRecord;
import racepipe.dynamic.sched.Scheduler;

/**
 * One Phase 2 trial inside a worker JVM: the program runs in a fresh class loader (its statics
 * start fresh) and its own thread group, under RaceFuzzer, the random scheduler, or the JVM's.
 * A harness (a test framework and racepipe's test runner) is loaded once per worker, in the
 * parent of every trial's loader: its classes, caches and launcher are reused by the trials, so
 * a trial of a small test costs milliseconds (JUnit's own start-up is most of a cold trial).
 */
final class TrialRunner {
    /** The trial's result, and whether its threads are all gone (else the worker is dirty). */
    record Ran(TrialResult result, boolean clean) {
    }

    private final URL[] classPath;
    private final String entry;
    private final String[] args;
    private final java.util.Collection<String> sites; // in the candidate's order (a lock cycle's repeat)
    /** The parent of every trial's loader: the harness's, or the platform loader. */
    private final ClassLoader parent;

    TrialRunner(URL[] classPath, String entry, String[] args, java.util.Collection<String> sites) {
        this(new URL[0], classPath, entry, args, sites);
    }

    /** {@code harness}: class path entries loaded once for all trials (empty: none). */
    TrialRunner(URL[] harness, URL[] classPath, String entry, String[] args, java.util.Collection<String> sites) {
        this.classPath = classPath;
        this.entry = entry;
        this.args = args;
        this.sites = sites;
        this.parent = harness.length == 0 ? ClassLoader.getPlatformClassLoader()
                : new URLClassLoader(harness, ClassLoader.getPlatformClassLoader());
    }

    Ran run(long seed, String mode, long timeoutMillis, long watchdogMillis) throws InterruptedException {
        // AtomFuzzer: the atomic blocks' operations (instrumented under the agent's atomic= option) are points
        racepipe.dynamic.runtime.AtomicOps.scheduled(mode.equals("atomfuzzer"));
        return run(seed, mode, mode.equals("native") ? null
                : abort -> new Scheduler(racepipe.dynamic.sched.Strategy.of(mode, seed, sites == null ? null : List.copyOf(sites)), abort), timeoutMillis,
                watchdogMillis);
    }

    /** A trial under the scheduler {@code make} gives (told how to abort the trial); null: the JVM's. */
    Ran run(long seed, String mode, java.util.function.Function<Runnable, Scheduler> make, long timeoutMillis,
            long watchdogMillis) throws InterruptedException {
        ProgramEnd.reset();
        racepipe.dynamic.runtime.Tasks.reset();
        Scheduler[] holder = new Scheduler[1];
        Scheduler s = make == null ? null : make.apply(() -> holder[0].abort());
        holder[0] = s;
        Observer observer = s == null ? new Observer() : null;
        Control.schedule(s);
        current = s;
        Control.observe(observer);
        Control.trialMode(true);
        ThreadGroup group = new ThreadGroup("racepipe-trial-" + seed) {
            @Override
            public void uncaughtException(Thread t, Throwable e) {
                if (!(e instanceof Abort)) {
                    ProgramEnd.uncaught(t, e);
                }
            }
        };
        long start = System.nanoTime();
        Carriers.nextTrial();
        TrialThreads threads = new TrialThreads(group);
        try (URLClassLoader loader = new URLClassLoader(classPath, parent)) {
            Control.trialLoader(loader);
            Thread main = new Thread(group, () -> runMain(loader, s), "main");
            main.setContextClassLoader(loader);
            startWatchdog(watchdogMillis);
            if (s != null && mode.equals("explore") && Carriers.ENABLED) {
                Carriers.run(Carriers.take(), main); // explore: a reused JVM thread runs main, as the threads it starts
            } else {
                main.start();
            }
            boolean finished = threads.await(main, start + timeoutMillis * 1_000_000L);
            String unfinished = null;
            if (!finished) {
                unfinished = "no end within " + timeoutMillis + " ms: " + (s == null ? "under the JVM's scheduling" : s.describe());
                if (s != null) {
                    s.abort();
                }
            }
            boolean clean = finished || threads.await(main, System.nanoTime() + 1_000_000_000L)
                    || mode.equals("explore") && threads.onlyIdlePools(main); // a worker for Phase 2 is replaced instead
            return new Ran(result(seed, mode, s, observer, finished, (System.nanoTime() - start) / 1_000, unfinished), clean);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        } finally {
            Control.trialLoader(null);
            Control.schedule(null);
            current = null;
            Control.observe(null);
        }
    }

    private static Watchdog watchdog;
    /** The running trial's scheduler (null: none, or the JVM's), for the one watchdog of the worker. */
    private static volatile Scheduler current;

    private static synchronized void startWatchdog(long quantumMillis) {
        if (watchdog == null) {
            watchdog = new Watchdog(() -> current, quantumMillis);
            watchdog.start();
        }
    }

    private void runMain(ClassLoader loader, Scheduler s) {
        if (s != null) {
            s.adoptCurrentThread();
        }
        try {
            Class.forName(entry, true, loader).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            if (!(e.getCause() instanceof Abort)) {
                ProgramEnd.uncaught(Carriers.current(), e.getCause());
            }
        } catch (ReflectiveOperationException e) {
            ProgramEnd.uncaught(Carriers.current(), e);
        } catch (Abort e) {
            // the trial was abandoned
        } finally {
            if (s != null) {
                s.threadEnd(Carriers.current());
            }
        }
    }

    /** What the trial's races touched, each once, in the order they raced. */
    static List<String> variables(List<RaceRecord> races) {
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        for (RaceRecord r : races) {
            for (String v : new String[] {r.variableA(), r.variableB()}) {
                if (v != null) {
                    out.add(v);
                }
            }
        }
        return List.copyOf(out);
    }

    private static String kind(boolean write) {
        return write ? "write" : "read";
    }

    private static TrialResult result(long seed, String mode, Scheduler s, Observer o, boolean finished, long micros,
                                      String unfinished) {
        List<RaceRecord> races = s == null ? List.of() : s.races();
        List<ProgramEnd.Uncaught> uncaught = ProgramEnd.uncaught();
        Integer exit = ProgramEnd.exitStatus();
        String deadlock = s == null ? null : s.deadlock();
        boolean cut = s != null && s.cut() != null;
        Outcome outcome = Outcome.of(deadlock != null, exit != null, !uncaught.isEmpty(), cut, finished || cut);
        TrialResult.Thrown thrown = null;
        if (!uncaught.isEmpty()) {
            ProgramEnd.Uncaught u = uncaught.get(0);
            thrown = new TrialResult.Thrown(u.type(), u.message(), u.thread(), u.stack(),
                    !races.isEmpty() && u.step() >= races.get(0).step());
        }
        TrialResult.Race race = null;
        if (!races.isEmpty()) {
            RaceRecord first = races.get(0);
            race = new TrialResult.Race(first.address(), first.first(), races.size(), List.of(
                    new TrialResult.Access(first.siteA(), first.threadA(), first.stackA(), kind(first.writeA()), first.variableA()),
                    new TrialResult.Access(first.siteB(), first.threadB(), first.stackB(), kind(first.writeB()), first.variableB())),
                    variables(races));
        }
        String hit = s == null ? null : s.hit();
        return new TrialResult(seed, mode, s == null ? o.covered() : !races.isEmpty() || hit != null, outcome, thrown, exit, race, deadlock,
                s == null ? "native" : s.digest(), s == null ? 0 : s.watchdogFirings(), micros, note(outcome, s, unfinished),
                s == null ? 0 : s.fruitless());
    }

    /**
     * The reason a trial ended as it did, where its other fields do not say it: a deadlock's
     * evidence, what each thread was doing when time ran out; when RaceFuzzer stopped steering;
     * and the watchdog's events, which
     * are part of the schedule (turn, thread, why), so a replay gives the same note.
     */
    static String note(Outcome outcome, Scheduler s, String unfinished) {
        List<String> parts = new ArrayList<>();
        if (outcome == Outcome.DEADLOCK && s != null && s.deadlock() != null) {
            String d = s.deadlock();
            int stacks = d.indexOf("| stacks:");
            parts.add("deadlock, " + (stacks < 0 ? d : d.substring(0, stacks)).trim());
        }
        String hit = s == null ? null : s.hit();
        if (hit != null) {
            parts.add(hit);
        }
        if (outcome == Outcome.TIMEOUT && unfinished != null) {
            parts.add(unfinished);
        }
        String stopped = s == null ? null : s.steeringStopped();
        if (stopped != null) {
            parts.add((s.cut() != null ? "cut short: " : "") + stopped);
        }
        if (s != null && s.watchdogFirings() > 0) {
            parts.add("watchdog: " + String.join("; ", s.watchdogEvents()));
        }
        return parts.isEmpty() ? null : String.join(" | ", parts);
    }

    static List<String> split(String s) {
        return s == null || s.isEmpty() ? new ArrayList<>() : new ArrayList<>(List.of(s.split(",")));
    }
}
