package racepipe.pipeline.cli;

/** {@code --isolation}: many trials per worker JVM, or one JVM per trial. */
enum Isolation {
    WORKER, PROCESS;

    @Override
    public String toString() {
        return Spelling.of(this);
    }

    static final class Converter extends Spelling.Converter<Isolation> {
        Converter() {
            super(Isolation.class);
        }
    }
}
