package racepipe.dynamic.detect.reference;

/** The detectors' state for one memory location (a field of an object, a static, an array cell). */
public final class Shadow {
    /** One slot per detector, owned by that detector. */
    final Object[] state;
    /** A run-wide id, used to name a volatile variable. */
    public final int id;

    public Shadow(int detectors, int id) {
        this.state = new Object[detectors];
        this.id = id;
    }
}
