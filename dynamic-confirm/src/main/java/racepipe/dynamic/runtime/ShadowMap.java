package racepipe.dynamic.runtime;

import java.util.IdentityHashMap;
import racepipe.dynamic.detect.Cells;
import racepipe.dynamic.detect.EventHub;
import racepipe.dynamic.detect.Shadow;

/**
 * Maps a run-time address to the detectors' shadow state: (object, field) and static fields to
 * a {@link Shadow}, an array to its {@link Cells}. Keys are held strongly: a run's memory grows
 * with the objects it shares. The last few objects looked up are remembered (a loop touches a
 * few arrays in turn): most look-ups compare a few references and read no map.
 */
final class ShadowMap {
    private static final class Fields {
        int[] ids = new int[2];
        Shadow[] shadows = new Shadow[2];
        int n;
    }

    private final EventHub hub;
    private final IdentityHashMap<Object, Object> objects = new IdentityHashMap<>();
    private Shadow[] statics = new Shadow[64];
    private final Object[] recent = new Object[4];
    private final Object[] recentShadows = new Object[4];
    private int nextRecent;

    ShadowMap(EventHub hub) {
        this.hub = hub;
    }

    /** The object's Fields or Cells, null when it has none yet. */
    private Object of(Object target) {
        Object[] r = recent;
        for (int i = 0; i < r.length; i++) {
            if (r[i] == target) {
                return recentShadows[i];
            }
        }
        Object s = objects.get(target);
        if (s != null) {
            remember(target, s);
        }
        return s;
    }

    private void remember(Object target, Object s) {
        int i = nextRecent;
        recent[i] = target;
        recentShadows[i] = s;
        nextRecent = (i + 1) & (recent.length - 1);
    }

    Shadow field(Object target, int field) {
        Fields f = (Fields) of(target);
        if (f == null) {
            f = new Fields();
            objects.put(target, f);
            remember(target, f);
        }
        for (int i = 0; i < f.n; i++) {
            if (f.ids[i] == field) {
                return f.shadows[i];
            }
        }
        if (f.n == f.ids.length) {
            f.ids = java.util.Arrays.copyOf(f.ids, f.n * 2);
            f.shadows = java.util.Arrays.copyOf(f.shadows, f.n * 2);
        }
        f.ids[f.n] = field;
        return f.shadows[f.n++] = hub.newShadow();
    }

    /** The array's cells. */
    Cells cells(Object array) {
        Cells c = (Cells) of(array);
        if (c == null) { // the only reflective call: once per array
            c = hub.newCells(java.lang.reflect.Array.getLength(array));
            objects.put(array, c);
            remember(array, c);
        }
        return c;
    }

    Shadow staticField(int field) {
        if (field >= statics.length) {
            statics = java.util.Arrays.copyOf(statics, Math.max(field + 1, statics.length * 2));
        }
        Shadow s = statics[field];
        return s != null ? s : (statics[field] = hub.newShadow());
    }
}
