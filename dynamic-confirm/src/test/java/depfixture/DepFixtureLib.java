package depfixture;

import java.util.ArrayList;
import java.util.List;

/**
 * The "dependency" of racepipe.dynamic.agent.DependencyAttributionTest: the test copies its class file to a folder of its
 * own and tells the agent that folder is a dependency. Its accesses count at the application's calls.
 */
public class DepFixtureLib {
    int count;
    static int total;
    final int[] cells = new int[2];
    final List<String> names = new ArrayList<>();

    public void add() {
        count = count + 1;
        total++;
        cells[0] = cells[1] + 1;
        names.add("x");
        synchronized (this) {
            count = count + 1;
        }
    }

    public int size() {
        return count;
    }
}
