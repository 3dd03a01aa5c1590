package racepipe.dynamic.explore;

/** A thread at a scheduling point: its number, the act it is about to do, and whether it may do it now. */
public record Waiting(int thread, Act act, boolean enabled) {
}
