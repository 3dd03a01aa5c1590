package racepipe.statics.internal.model;

/** An abstract thread: main, or one spawn site with one thread or task object. */
public record ThreadInfo(int id, String name, boolean multi) {
}
