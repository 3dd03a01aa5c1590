package benchmarks.ticker;

/**
 * A market-data feed: the feed thread replays a tape of trades into the ticker, whose listener
 * (the portfolio) revalues under its own lock; the risk desk first builds its scenarios (pure
 * computation), then prints the portfolio report, which reads prices from the ticker under the
 * portfolio's lock. Plain runs almost never deadlock: the tape is short and replayed before the
 * scenarios are ready. Main checks the running value against the marked one.
 * The first argument is the number of scenarios.
 */
public final class Main {
    static final String[] SYMBOLS = {"ACME", "GLOBX", "INITECH", "UMBRL"};

    public static void main(String[] args) throws InterruptedException {
        int scenarios = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        Ticker ticker = new Ticker();
        Portfolio book = new Portfolio(ticker);
        for (int i = 0; i < SYMBOLS.length; i++) {
            ticker.update(SYMBOLS[i], 1_000 + 100 * i);
            book.hold(SYMBOLS[i], 10 * (i + 1), 1_000 + 100 * i);
        }
        ticker.subscribe(book);

        Thread feed = new Thread(() -> {
            long[] tape = Tape.of(24);
            for (int i = 0; i < tape.length; i++) {
                ticker.update(SYMBOLS[i % SYMBOLS.length], tape[i]);
            }
        }, "Feed");
        String[] report = new String[1];
        Thread risk = new Thread(() -> {
            long worst = Scenarios.worstLoss(scenarios);
            report[0] = book.report() + ", worst scenario " + worst; // @site reportWrite
        }, "RiskDesk");
        feed.start();
        risk.start();
        feed.join();
        risk.join();

        long marked = 0;
        for (int i = 0; i < SYMBOLS.length; i++) {
            marked += ticker.price(SYMBOLS[i]) * 10 * (i + 1);
        }
        String summary = report[0]; // @site reportRead
        System.out.println("ticker: " + ticker.updates() + " updates; " + summary.replace('\n', ';'));
        if (marked != book.value()) {
            throw new IllegalStateException("portfolio value " + book.value() + " != marked " + marked);
        }
    }

    /** A tape of trade prices around 1000, from a fixed seed. */
    static final class Tape {
        static long[] of(int n) {
            long[] t = new long[n];
            long seed = 42;
            for (int i = 0; i < n; i++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                t[i] = 900 + (seed >>> 40) % 300;
            }
            return t;
        }
    }

    /** Random-walk stress scenarios; the risk desk's slow part. */
    static final class Scenarios {
        static long worstLoss(int n) {
            long worst = 0, seed = 7;
            for (int s = 0; s < n; s++) {
                long pnl = 0;
                for (int k = 0; k < 25_000; k++) {
                    seed = seed * 6364136223846793005L + 1442695040888963407L;
                    pnl += ((seed >>> 33) & 1) == 0 ? -3 : 3;
                }
                worst = Math.min(worst, pnl);
            }
            return worst;
        }
    }
}
