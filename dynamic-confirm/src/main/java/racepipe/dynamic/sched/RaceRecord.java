package racepipe.dynamic.sched;

/**
 * A race RaceFuzzer created: two threads one step from conflicting accesses to one address,
 * their stacks, and the order the coin chose.
 */
public record RaceRecord(String siteA, String threadA, String stackA, String siteB, String threadB, String stackB,
                         String address, String first, long step) {
}
