package benchmarks.ledger;

/**
 * A small bank's end of day: the savings clerk sweeps surplus from checking to savings, the
 * payments clerk first prepares the standing orders (pure computation over the schedule), then
 * tops checking up from savings. Both transfer through Ledger.transfer, which locks source then
 * target: the two clerks lock the same two accounts in opposite orders. Plain runs almost never
 * deadlock, because the savings clerk is done long before the standing orders are ready; a
 * schedule that pauses the savings clerk between its two locks deadlocks. Main checks that no
 * money was created or lost. The first argument is the number of standing orders.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int orders = args.length > 0 ? Integer.parseInt(args[0]) : 120;
        Account checking = new Account("CHK-001", 50_000);
        Account savings = new Account("SAV-001", 200_000);
        Account rent = new Account("EXT-RENT", 0);
        Ledger ledger = new Ledger(checking, savings, rent);

        Thread sweep = new Thread(() -> {
            for (int i = 0; i < 3; i++) {
                ledger.transfer(checking, savings, 1_000, "sweep " + i);
            }
        }, "SavingsClerk");
        Thread payments = new Thread(() -> {
            StandingOrders plan = StandingOrders.prepare(orders);
            ledger.transfer(savings, checking, plan.total(), "top-up");
            for (int i = 0; i < plan.size(); i++) {
                ledger.transfer(checking, rent, plan.amount(i), "order " + i);
            }
        }, "PaymentsClerk");
        sweep.start();
        payments.start();
        sweep.join();
        payments.join();

        long total = ledger.total();
        System.out.println("ledger: " + ledger.transfers() + " transfers, total " + total + ", "
                + checking.lineCount() + " lines on checking");
        if (total != 250_000) {
            throw new IllegalStateException("money lost or created: " + total);
        }
    }

    /** The day's standing orders: amounts computed from a payment schedule (the clerk's slow part). */
    static final class StandingOrders {
        private final long[] amounts;

        private StandingOrders(long[] amounts) {
            this.amounts = amounts;
        }

        static StandingOrders prepare(int n) {
            long[] a = new long[n];
            long seed = 17;
            for (int i = 0; i < n; i++) {
                long x = 0;
                for (int k = 0; k < 60_000; k++) { // interest and fee rules per order
                    seed = seed * 6364136223846793005L + 1442695040888963407L;
                    x += (seed >>> 33) % 7;
                }
                a[i] = 1 + x % 40;
            }
            return new StandingOrders(a);
        }

        int size() {
            return amounts.length;
        }

        long amount(int i) {
            return amounts[i];
        }

        long total() {
            long t = 0;
            for (long x : amounts) {
                t += x;
            }
            return t;
        }
    }
}
