package racepipe.pipeline.run;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import racepipe.pipeline.model.RacePair;

/**
 * Phase 2's progress: a bar redrawn in place on a terminal; on anything else (a log, CI) plain
 * lines, one per finished pair and one at most every {@link #QUIET_MILLIS} within a long pair,
 * never a carriage return.
 */
public abstract class Progress implements AutoCloseable {
    static final long QUIET_MILLIS = 30_000;

    final AtomicLong total = new AtomicLong(); // planned: shrinks when a pair settles early, grows with a fallback's trials
    final AtomicLong done = new AtomicLong();   // trials run (and those a resumed session ran before)

    Progress(long total) {
        this.total.set(total);
    }

    /** The bar when racepipe runs in a terminal (System.console() is there), else lines. */
    public static Progress of(PrintStream log, long total) {
        return System.console() != null ? new Bar(log, total) : new Lines(log, total);
    }

    /** Pair {@code index} (1-based) of {@code pairs} starts. */
    public abstract void pair(int index, int pairs);

    /** {@code n} more trials ended (from any driver thread). */
    public void trials(long n) {
        done.addAndGet(n);
    }

    /** {@code n} more trials planned (a fallback scheduler's). */
    public void plan(long n) {
        total.addAndGet(n);
    }

    /**
     * The pair ended with its verdict; {@code unneeded}: the planned trials it did not run (its
     * verdict was settled first), dropped from the total; {@code resumed}: trials an earlier
     * session ran, counted as done. So the count ends at the trials the report holds.
     */
    public void pairDone(RacePair p, int index, int pairs, long unneeded, long resumed) {
        total.addAndGet(-unneeded);
        done.addAndGet(resumed);
    }

    @Override
    public void close() {
    }

    /** The progressbar library's bar, redrawn with '\r'. */
    static final class Bar extends Progress {
        private final ProgressBar bar;

        Bar(PrintStream log, long total) {
            super(total);
            bar = new ProgressBarBuilder().setTaskName("phase 2").setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
                    .setConsumer(new ConsoleProgressBarConsumer(log)).showSpeed().setUnit(" trials", 1).build();
        }

        @Override
        public synchronized void pair(int index, int pairs) {
            bar.setExtraMessage("  pair " + index + "/" + pairs);
        }

        @Override
        public synchronized void trials(long n) {
            super.trials(n);
            bar.stepTo(done.get());
        }

        @Override
        public synchronized void plan(long n) {
            super.plan(n);
            bar.maxHint(total.get());
        }

        @Override
        public synchronized void pairDone(RacePair p, int index, int pairs, long unneeded, long resumed) {
            super.pairDone(p, index, pairs, unneeded, resumed);
            bar.maxHint(total.get());
            bar.stepTo(done.get());
        }

        @Override
        public void close() {
            bar.close();
        }
    }

    /** Plain lines for logs. */
    static final class Lines extends Progress {
        private final PrintStream log;
        private final long start = System.nanoTime();
        private volatile long lastLine = System.nanoTime();

        Lines(PrintStream log, long total) {
            super(total);
            this.log = log;
        }

        @Override
        public void pair(int index, int pairs) {
        }

        @Override
        public void trials(long n) {
            super.trials(n);
            long now = System.nanoTime();
            if (now - lastLine > QUIET_MILLIS * 1_000_000L) {
                lastLine = now;
                log.println("phase 2: " + done.get() + "/" + total.get() + " trials, " + seconds() + " s");
            }
        }

        @Override
        public void pairDone(RacePair p, int index, int pairs, long unneeded, long resumed) {
            super.pairDone(p, index, pairs, unneeded, resumed);
            lastLine = System.nanoTime();
            String rate = p.confirm == null || p.confirm.trials == 0 ? ""
                    : " (raced in " + p.confirm.raced + " of " + p.confirm.trials + " trials)";
            log.println("phase 2: pair " + index + "/" + pairs + " " + shortVariable(p.variable) + ": " + p.verdict
                    + rate + "; " + done.get() + "/" + total.get() + " trials, " + seconds() + " s");
        }

        static String shortVariable(String v) {
            if (v == null) {
                return "?";
            }
            int dot = v.lastIndexOf('.', v.lastIndexOf('.') - 1);
            return dot < 0 || v.startsWith("call ") ? v : v.substring(dot + 1);
        }

        private String seconds() {
            return String.format(java.util.Locale.ROOT, "%.1f", (System.nanoTime() - start) / 1e9);
        }
    }
}
