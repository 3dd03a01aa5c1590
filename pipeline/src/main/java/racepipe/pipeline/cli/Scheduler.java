package racepipe.pipeline.cli;

/** {@code --scheduler}: how a confirm or replay trial is scheduled. */
enum Scheduler {
    RACEFUZZER, RANDOM, NATIVE;

    @Override
    public String toString() {
        return Spelling.of(this);
    }

    static final class Converter extends Spelling.Converter<Scheduler> {
        Converter() {
            super(Scheduler.class);
        }
    }
}
