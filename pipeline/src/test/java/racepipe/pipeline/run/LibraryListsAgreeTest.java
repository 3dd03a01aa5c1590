package racepipe.pipeline.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import racepipe.dynamic.agent.Library;
import racepipe.statics.internal.model.LibraryClasses;

/** The agent and the static engines watch the same JDK classes and attribute to the same calls. */
class LibraryListsAgreeTest {
    @Test
    void both_phases_should_watch_the_same_collection_classes() {
        assertThat(Library.CLASSES).isEqualTo(LibraryClasses.CLASSES);
        for (String[] call : new String[][] {{"java/util/List", "containsAll"}, {"java/util/ArrayList", "<init>"},
                {"java/util/concurrent/BlockingQueue", "take"}, {"java/lang/String", "join"}, {"java/util/Iterator", "next"}}) {
            assertThat(Library.isCall(call[0], call[1])).isEqualTo(LibraryClasses.isCall(call[0], call[1]));
        }
    }
}
