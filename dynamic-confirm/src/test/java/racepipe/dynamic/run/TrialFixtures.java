package racepipe.dynamic.run;

/** Programs for TrialRunnerTest, run uninstrumented in a trial's own class loader (public: their main is called). */
public final class TrialFixtures {
    private TrialFixtures() {
    }

    /** Ends normally. */
    public static final class Quiet {
        public static void main(String[] args) {
            Math.abs(args.length);
        }
    }

    /** Its main thread throws. */
    public static final class Throws {
        public static void main(String[] args) {
            throw new IllegalStateException("boom " + args.length);
        }
    }
}
