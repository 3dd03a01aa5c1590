package benchmarks.roster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A chat room's member list: a Collections.synchronizedList, so each call is atomic. join()'s
 * "add unless already there" is two calls: two connections of one user can both find it absent.
 */
final class Roster {
    private final List<String> members = Collections.synchronizedList(new ArrayList<>());

    /** Adds the user unless present; true when added. */
    boolean join(String user) {
        if (!members.contains(user)) { // @site absent
            members.add(user); // @site add
            return true;
        }
        return false;
    }

    void leave(String user) {
        members.remove(user);
    }

    /** Every member once: main's check. */
    void verify() {
        List<String> copy;
        synchronized (members) {
            copy = new ArrayList<>(members);
        }
        if (copy.size() != copy.stream().distinct().count()) {
            throw new IllegalStateException("a member joined twice: " + copy);
        }
    }

    int size() {
        return members.size();
    }
}
