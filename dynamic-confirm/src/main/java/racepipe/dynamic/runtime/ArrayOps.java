package racepipe.dynamic.runtime;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The bulk array operations of application code, replaced by the agent (agent/CallReplacements)
 * with these bridges, which take the call's site last: System.arraycopy reads the source range
 * and writes the destination range; Arrays.fill and Arrays.sort write their range (a sort reads
 * it too; a write races with whatever a read does); Arrays.copyOf and copyOfRange read theirs.
 * The accesses are reported one step before the operation, only when its arguments are valid
 * (otherwise the operation throws and touches nothing), then the operation runs as called.
 * A range is one point for a scheduler and one access per element for the detectors
 * ({@link Accesses#range}).
 */
public final class ArrayOps {
    private ArrayOps() {
    }

    public static void arraycopy(Object src, int from, Object dst, int at, int n, int site) {
        if (src != null && dst != null && src.getClass().isArray() && dst.getClass().isArray() && n >= 0 && from >= 0
                && at >= 0 && from <= java.lang.reflect.Array.getLength(src) - n && at <= java.lang.reflect.Array.getLength(dst) - n) {
            Accesses.range(src, from, from + n, site, false);
            Accesses.range(dst, at, at + n, site, true);
        }
        System.arraycopy(src, from, dst, at, n);
    }

    /** a[from, to) of an array of {@code length} elements, when it is a valid range. */
    private static void range(Object a, int length, int from, int to, int site, boolean write) {
        if (a != null && from >= 0 && from <= to && to <= length) {
            Accesses.range(a, from, to, site, write);
        }
    }

    /** copyOfRange's source range: from..min(to, length), when from is valid. */
    private static void copied(Object a, int length, int from, int to, int site) {
        if (a != null && from >= 0 && from <= length && from <= to) {
            Accesses.range(a, from, Math.min(to, length), site, false);
        }
    }

    public static void fill(long[] a, long v, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.fill(a, v);
    }

    public static void fill(long[] a, int from, int to, long v, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.fill(a, from, to, v);
    }

    public static void fill(int[] a, int v, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.fill(a, v);
    }

    public static void fill(int[] a, int from, int to, int v, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.fill(a, from, to, v);
    }

    public static void fill(short[] a, short v, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.fill(a, v);
    }

    public static void fill(short[] a, int from, int to, short v, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.fill(a, from, to, v);
    }

    public static void fill(char[] a, char v, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.fill(a, v);
    }

    public static void fill(char[] a, int from, int to, char v, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.fill(a, from, to, v);
    }

    public static void fill(byte[] a, byte v, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.fill(a, v);
    }

    public static void fill(byte[] a, int from, int to, byte v, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.fill(a, from, to, v);
    }

    public static void fill(boolean[] a, boolean v, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.fill(a, v);
    }

    public static void fill(boolean[] a, int from, int to, boolean v, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.fill(a, from, to, v);
    }

    public static void fill(double[] a, double v, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.fill(a, v);
    }

    public static void fill(double[] a, int from, int to, double v, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.fill(a, from, to, v);
    }

    public static void fill(float[] a, float v, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.fill(a, v);
    }

    public static void fill(float[] a, int from, int to, float v, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.fill(a, from, to, v);
    }

    public static void fill(Object[] a, Object v, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.fill(a, v);
    }

    public static void fill(Object[] a, int from, int to, Object v, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.fill(a, from, to, v);
    }

    public static void sort(int[] a, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.sort(a);
    }

    public static void sort(int[] a, int from, int to, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.sort(a, from, to);
    }

    public static void sort(long[] a, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.sort(a);
    }

    public static void sort(long[] a, int from, int to, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.sort(a, from, to);
    }

    public static void sort(short[] a, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.sort(a);
    }

    public static void sort(short[] a, int from, int to, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.sort(a, from, to);
    }

    public static void sort(char[] a, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.sort(a);
    }

    public static void sort(char[] a, int from, int to, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.sort(a, from, to);
    }

    public static void sort(byte[] a, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.sort(a);
    }

    public static void sort(byte[] a, int from, int to, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.sort(a, from, to);
    }

    public static void sort(float[] a, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.sort(a);
    }

    public static void sort(float[] a, int from, int to, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.sort(a, from, to);
    }

    public static void sort(double[] a, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.sort(a);
    }

    public static void sort(double[] a, int from, int to, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.sort(a, from, to);
    }

    public static void sort(Object[] a, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.sort(a);
    }

    public static void sort(Object[] a, int from, int to, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.sort(a, from, to);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void sort(Object[] a, Comparator c, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null ? 0 : a.length, site, true);
        Arrays.sort(a, c);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void sort(Object[] a, int from, int to, Comparator c, int site) {
        range(a, a == null ? 0 : a.length, from, to, site, true);
        Arrays.sort(a, from, to, c);
    }

    public static long[] copyOf(long[] a, int n, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null || n < 0 ? 0 : Math.min(n, a.length), site, false);
        return Arrays.copyOf(a, n);
    }

    public static long[] copyOfRange(long[] a, int from, int to, int site) {
        copied(a, a == null ? 0 : a.length, from, to, site);
        return Arrays.copyOfRange(a, from, to);
    }

    public static int[] copyOf(int[] a, int n, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null || n < 0 ? 0 : Math.min(n, a.length), site, false);
        return Arrays.copyOf(a, n);
    }

    public static int[] copyOfRange(int[] a, int from, int to, int site) {
        copied(a, a == null ? 0 : a.length, from, to, site);
        return Arrays.copyOfRange(a, from, to);
    }

    public static short[] copyOf(short[] a, int n, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null || n < 0 ? 0 : Math.min(n, a.length), site, false);
        return Arrays.copyOf(a, n);
    }

    public static short[] copyOfRange(short[] a, int from, int to, int site) {
        copied(a, a == null ? 0 : a.length, from, to, site);
        return Arrays.copyOfRange(a, from, to);
    }

    public static char[] copyOf(char[] a, int n, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null || n < 0 ? 0 : Math.min(n, a.length), site, false);
        return Arrays.copyOf(a, n);
    }

    public static char[] copyOfRange(char[] a, int from, int to, int site) {
        copied(a, a == null ? 0 : a.length, from, to, site);
        return Arrays.copyOfRange(a, from, to);
    }

    public static byte[] copyOf(byte[] a, int n, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null || n < 0 ? 0 : Math.min(n, a.length), site, false);
        return Arrays.copyOf(a, n);
    }

    public static byte[] copyOfRange(byte[] a, int from, int to, int site) {
        copied(a, a == null ? 0 : a.length, from, to, site);
        return Arrays.copyOfRange(a, from, to);
    }

    public static boolean[] copyOf(boolean[] a, int n, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null || n < 0 ? 0 : Math.min(n, a.length), site, false);
        return Arrays.copyOf(a, n);
    }

    public static boolean[] copyOfRange(boolean[] a, int from, int to, int site) {
        copied(a, a == null ? 0 : a.length, from, to, site);
        return Arrays.copyOfRange(a, from, to);
    }

    public static double[] copyOf(double[] a, int n, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null || n < 0 ? 0 : Math.min(n, a.length), site, false);
        return Arrays.copyOf(a, n);
    }

    public static double[] copyOfRange(double[] a, int from, int to, int site) {
        copied(a, a == null ? 0 : a.length, from, to, site);
        return Arrays.copyOfRange(a, from, to);
    }

    public static float[] copyOf(float[] a, int n, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null || n < 0 ? 0 : Math.min(n, a.length), site, false);
        return Arrays.copyOf(a, n);
    }

    public static float[] copyOfRange(float[] a, int from, int to, int site) {
        copied(a, a == null ? 0 : a.length, from, to, site);
        return Arrays.copyOfRange(a, from, to);
    }

    public static Object[] copyOf(Object[] a, int n, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null || n < 0 ? 0 : Math.min(n, a.length), site, false);
        return Arrays.copyOf(a, n);
    }

    public static Object[] copyOfRange(Object[] a, int from, int to, int site) {
        copied(a, a == null ? 0 : a.length, from, to, site);
        return Arrays.copyOfRange(a, from, to);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Object[] copyOf(Object[] a, int n, Class type, int site) {
        range(a, a == null ? 0 : a.length, 0, a == null || n < 0 ? 0 : Math.min(n, a.length), site, false);
        return Arrays.copyOf(a, n, type);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Object[] copyOfRange(Object[] a, int from, int to, Class type, int site) {
        copied(a, a == null ? 0 : a.length, from, to, site);
        return Arrays.copyOfRange(a, from, to, type);
    }
}
