package benchmarks.bank;

/** A bank account. Its balance is guarded by the account's own monitor. */
final class Account {
    final String id;
    private int balance;

    Account(String id, int opening) {
        this.id = id;
        this.balance = opening; // @site open
    }

    synchronized void deposit(int amount) {
        credit(amount);
    }

    synchronized boolean withdraw(int amount) {
        if (balance < amount) { // @site check
            return false;
        }
        credit(-amount);
        return true;
    }

    synchronized int balance() {
        return balance; // @site read
    }

    /**
     * Adds to the balance. "Callers hold this account's lock": deposit and withdraw do, but
     * {@link Bank#transfer} calls it for the target account without that lock.
     */
    void credit(int amount) {
        balance = balance + amount; // @site credit
    }
}
