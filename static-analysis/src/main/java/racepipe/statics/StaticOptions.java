package racepipe.statics;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * How an engine runs: {@code limit} is its share of the time (null: none), after which it stops
 * and returns what it found so far, marked partial ({@link StaticResult#partial()}); it also
 * stops, the same way, before the heap runs out. {@code progress} hears each stage as it starts
 * and ends (a line for people, e.g. on stderr).
 */
public record StaticOptions(Duration limit, Consumer<String> progress) {
    public static final StaticOptions DEFAULT = new StaticOptions(null, s -> { });

    public StaticOptions {
        progress = progress == null ? s -> { } : progress;
    }
}
