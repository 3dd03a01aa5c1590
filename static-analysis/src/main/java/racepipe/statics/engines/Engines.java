package racepipe.statics.engines;

import java.util.List;
import racepipe.statics.RaceEngine;
import racepipe.statics.StaticInputError;
import racepipe.statics.internal.sootup.SootUpEngine;
import racepipe.statics.internal.wala.WalaEngine;

/**
 * The engines by name: {@code wala} (primary) and {@code sootup}. A package of its own: the
 * registry names the engines, which implement the API of {@code racepipe.statics}, so the API
 * package depends on none of them.
 */
public final class Engines {
    public static final List<String> NAMES = List.of("wala", "sootup");

    private Engines() {
    }

    public static RaceEngine byName(String name) {
        return switch (name) {
            case "wala" -> new WalaEngine();
            case "sootup" -> new SootUpEngine();
            default -> throw new StaticInputError("unknown engine '" + name + "': use one of " + NAMES);
        };
    }
}
