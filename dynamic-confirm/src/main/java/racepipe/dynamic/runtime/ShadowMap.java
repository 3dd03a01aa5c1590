package racepipe.dynamic.runtime;

import java.util.IdentityHashMap;
import java.util.function.Supplier;
import racepipe.dynamic.detect.Shadow;

/**
 * Maps a run-time address to the detectors' shadow state: (object, field), (array, index) or a
 * static field. Keys are held strongly: a run's memory grows with the objects it shares.
 */
final class ShadowMap {
    private static final class Fields {
        int[] ids = new int[2];
        Shadow[] shadows = new Shadow[2];
        int n;
    }

    private final IdentityHashMap<Object, Object> objects = new IdentityHashMap<>();
    private Shadow[] statics = new Shadow[64];
    private final Supplier<Shadow> fresh;

    ShadowMap(Supplier<Shadow> fresh) {
        this.fresh = fresh;
    }

    Shadow field(Object target, int field) {
        Fields f = (Fields) objects.get(target);
        if (f == null) {
            f = new Fields();
            objects.put(target, f);
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
        return f.shadows[f.n++] = fresh.get();
    }

    /** The cell's shadow, or null when the index is out of bounds. */
    Shadow element(Object array, int index) {
        Shadow[] cells = (Shadow[]) objects.get(array);
        if (cells == null) { // the only reflective call: once per array
            cells = new Shadow[java.lang.reflect.Array.getLength(array)];
            objects.put(array, cells);
        }
        if (index < 0 || index >= cells.length) {
            return null;
        }
        Shadow s = cells[index];
        return s != null ? s : (cells[index] = fresh.get());
    }

    Shadow staticField(int field) {
        if (field >= statics.length) {
            statics = java.util.Arrays.copyOf(statics, Math.max(field + 1, statics.length * 2));
        }
        Shadow s = statics[field];
        return s != null ? s : (statics[field] = fresh.get());
    }
}
