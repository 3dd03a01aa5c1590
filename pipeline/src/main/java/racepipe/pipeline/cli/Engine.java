package racepipe.pipeline.cli;

/** {@code --engine}: the static engine (the names of {@code racepipe.statics.engines.Engines}). */
enum Engine {
    WALA, SOOTUP;

    @Override
    public String toString() {
        return Spelling.of(this);
    }

    static final class Converter extends Spelling.Converter<Engine> {
        Converter() {
            super(Engine.class);
        }
    }
}
