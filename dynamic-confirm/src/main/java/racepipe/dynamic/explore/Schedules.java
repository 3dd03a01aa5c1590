package racepipe.dynamic.explore;

import java.util.ArrayList;
import java.util.List;

/** An execution's choices as text: runs of one thread, "0*12.1*3.0*2" (thread * how many choices in a row). */
public final class Schedules {
    private Schedules() {
    }

    public static String encode(List<Integer> choices) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < choices.size()) {
            int t = choices.get(i), n = 0;
            while (i < choices.size() && choices.get(i) == t) {
                i++;
                n++;
            }
            sb.append(sb.length() == 0 ? "" : ".").append(t).append('*').append(n);
        }
        return sb.length() == 0 ? "-" : sb.toString();
    }

    public static int[] decode(String text) {
        List<Integer> out = new ArrayList<>();
        if (!text.isBlank() && !text.equals("-")) {
            for (String run : text.trim().split("\\.")) {
                int star = run.indexOf('*');
                if (star <= 0) {
                    throw new IllegalArgumentException("not a schedule: " + text + " (want runs like 0*12.1*3)");
                }
                int t = Integer.parseInt(run.substring(0, star)), n = Integer.parseInt(run.substring(star + 1));
                for (int k = 0; k < n; k++) {
                    out.add(t);
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
