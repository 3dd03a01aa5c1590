package racepipe.dynamic.sched;

/** Stacks as reports show them: the program's frames only, joined by " <- ". */
final class Stacks {
    private Stacks() {
    }

    static String of(StackTraceElement[] frames) {
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement f : frames) {
            String c = f.getClassName();
            if (!c.startsWith("racepipe.dynamic.") && !c.startsWith("java.lang.Thread")) {
                sb.append(f).append(" <- ");
            }
        }
        return sb.toString();
    }
}
