package benchmarks.bank;

/**
 * A bank: two tellers move money between accounts, payroll deposits into them, an auditor sums
 * the balances now and then. Main checks, after joining everyone, that no money was created or
 * lost. The first argument is the number of operations per thread.
 */
public final class Main {
    private static final int ACCOUNTS = 4;
    private static final int OPENING = 1_000;
    private static final int SALARY = 7;

    public static void main(String[] args) throws InterruptedException {
        int ops = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Bank bank = new Bank(ACCOUNTS, OPENING);

        Thread teller1 = new Thread(() -> tellers(bank, ops, 1), "Teller-1");
        Thread teller2 = new Thread(() -> tellers(bank, ops, 3), "Teller-2");
        Thread payroll = new Thread(() -> {
            for (int i = 0; i < ops; i++) {
                bank.account(i).deposit(SALARY);
            }
        }, "Payroll");
        Auditor auditor = new Auditor(bank, ops / 4 + 1);
        Thread audit = new Thread(auditor, "Auditor");

        teller1.start();
        teller2.start();
        payroll.start();
        audit.start();
        teller1.join();
        teller2.join();
        payroll.join();
        audit.join();

        int expected = ACCOUNTS * OPENING + ops * SALARY;
        int total = bank.total();
        System.out.println("bank: total " + total + " (expected " + expected + "), lowest audit "
                + auditor.lowest());
        if (total != expected) {
            throw new IllegalStateException("money lost or created: " + total + " != " + expected);
        }
    }

    /** A teller moves small amounts from account i to account i + step. */
    private static void tellers(Bank bank, int ops, int step) {
        for (int i = 0; i < ops; i++) {
            Account from = bank.account(i);
            Account to = bank.account(i + step);
            bank.transfer(from, to, 1 + i % 5);
        }
    }

    /** Sums the balances a few times; a total below the real one means money in flight. */
    private static final class Auditor implements Runnable {
        private final Bank bank;
        private final int rounds;
        private int lowest = Integer.MAX_VALUE; // @site low0

        Auditor(Bank bank, int rounds) {
            this.bank = bank;
            this.rounds = rounds;
        }

        @Override
        public void run() {
            for (int r = 0; r < rounds; r++) {
                int sum = bank.total();
                lowest = Math.min(lowest, sum); // @site low1
                Thread.yield();
            }
        }

        int lowest() {
            return lowest; // @site low2
        }
    }
}
