package racepipe.dynamic.sched;

/**
 * A race RaceFuzzer created: two threads one step from conflicting accesses to one address,
 * their stacks, and the order the coin chose; each side's kind (a write or a read) and the
 * variable it touched, as the scheduler saw the access (inside a library call: the library's field).
 */
public record RaceRecord(String siteA, String threadA, String stackA, String siteB, String threadB, String stackB,
                         String address, String first, long step, boolean writeA, String variableA, boolean writeB,
                         String variableB) {
}
