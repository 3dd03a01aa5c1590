package racepipe.statics;

/** Wall time and peak heap (bytes, all heap pools, since the analysis began) of one stage. */
public record StageTime(String name, long millis, long peakHeapBytes) {
}
