package depfixture;

/** The application of racepipe.dynamic.agent.DependencyAttributionTest: its calls into DepFixtureLib are where that code's accesses count. */
public class DepFixtureApp {
    static int visits;

    public static DepFixtureLib make() {
        return new DepFixtureLib(); // a constructor: not a call the dependency's accesses count at
    }

    public static void call(DepFixtureLib lib) {
        lib.add();
    }

    /** An application class that inherits the dependency's method. */
    public static class Sub extends DepFixtureLib {
    }

    public static void inherited(Sub s) {
        s.add();
    }

    public static void own() {
        visits++;
    }
}
