package racepipe.statics.internal;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import racepipe.statics.StageTime;

/**
 * Times stages and records the peak heap (sum of heap pool peaks) at the end of each; tells
 * {@code progress} when a stage starts ({@link #next}) and ends ({@link #lap}).
 */
public final class StageClock {
    private final List<StageTime> stages = new ArrayList<>();
    private final String engine;
    private final Consumer<String> progress;
    private long start = System.nanoTime();

    public StageClock() {
        this("", s -> { });
    }

    public StageClock(String engine, Consumer<String> progress) {
        this.engine = engine;
        this.progress = progress;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
    }

    /** Says which stage runs now (it ends with the next {@link #lap}). */
    public void next(String what) {
        progress.accept("static (" + engine + "): " + what + " ...");
    }

    /** Ends the running stage under {@code name} and starts the next one. */
    public void lap(String name) {
        long now = System.nanoTime();
        StageTime t = new StageTime(name, (now - start) / 1_000_000, peakHeap());
        stages.add(t);
        start = now;
        String shown = name.startsWith(engine + ": ") ? name.substring(engine.length() + 2) : name;
        progress.accept(String.format(java.util.Locale.ROOT, "static (%s): %s, %.1f s, peak heap %d MiB", engine, shown,
                t.millis() / 1000.0, t.peakHeapBytes() >> 20));
    }

    public List<StageTime> stages() {
        return List.copyOf(stages);
    }

    static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                sum += p.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
