package racepipe.statics.internal;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import racepipe.statics.StageTime;

/** Times stages and records the peak heap (sum of heap pool peaks) at the end of each. */
public final class StageClock {
    private final List<StageTime> stages = new ArrayList<>();
    private long start = System.nanoTime();

    public StageClock() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
    }

    /** Ends the running stage under {@code name} and starts the next one. */
    public void lap(String name) {
        long now = System.nanoTime();
        stages.add(new StageTime(name, (now - start) / 1_000_000, peakHeap()));
        start = now;
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
