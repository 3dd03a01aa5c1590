package racepipe.pipeline.input;

/** A program for ProgramInputTest's jars. */
public final class Hello {
    private Hello() {
    }

    public static void main(String[] args) {
        System.out.println("hello");
    }
}
