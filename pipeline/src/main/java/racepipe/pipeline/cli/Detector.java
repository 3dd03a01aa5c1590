package racepipe.pipeline.cli;

/** {@code --detectors}: the dynamic detectors of detect. */
enum Detector {
    LS, ERASER, HYBRID, HB, SHB, WCP, SYNCP;

    @Override
    public String toString() {
        return Spelling.of(this);
    }

    static final class Converter extends Spelling.Converter<Detector> {
        Converter() {
            super(Detector.class);
        }
    }
}
