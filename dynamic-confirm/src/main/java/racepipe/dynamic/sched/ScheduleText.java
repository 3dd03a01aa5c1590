package racepipe.dynamic.sched;

import java.util.List;
import racepipe.dynamic.sched.SchedThread.Op;
import racepipe.dynamic.sched.SchedThread.State;

/** A schedule in words, for a trial that did not end: each thread and what it does or waits for. Under the scheduler's lock. */
final class ScheduleText {
    private ScheduleText() {
    }

    static String describe(Schedule s) {
        StringBuilder sb = new StringBuilder("turn ").append(s.turns);
        SchedThread c = s.current;
        sb.append(c == null ? ", nobody holds the turn" : ", " + c.name() + " holds it (" + c.state + ", " + c.runner.getState() + ")");
        for (SchedThread t : s.roster.all()) {
            if (t == c || t.state == State.ENDED) {
                continue;
            }
            sb.append("; ").append(t.name()).append(' ').append(t.state);
            if (t.state != State.NEW && t.state != State.EXITED) {
                Op op = t.state == State.ARRIVED && t.pendingOp != null ? t.pendingOp : t.op;
                sb.append(" to ").append(op);
                if (op == Op.ACQUIRE || (op == Op.WAIT && t.notified)) {
                    List<SchedThread> h = s.locks.holders(t.lock);
                    sb.append(' ').append(s.locks.name(t.lock));
                    if (!h.isEmpty()) {
                        sb.append(" held by ").append(h.get(0).name());
                    }
                } else if (op == Op.WAIT) {
                    sb.append(" (not notified) on ").append(s.locks.name(t.waitObject));
                } else if (op == Op.JOIN && t.joinTarget != null) {
                    sb.append(' ').append(t.joinTarget.name());
                } else if (op == Op.SYNC && t.syncObject != null) {
                    sb.append(" on ").append(t.syncObject.getClass().getName());
                }
            }
        }
        return sb.toString();
    }
}
