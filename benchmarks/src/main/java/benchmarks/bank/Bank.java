package benchmarks.bank;

/** A bank of accounts; transfers between them, and an audit of the total. */
final class Bank {
    private final Account[] accounts;

    Bank(int n, int opening) {
        accounts = new Account[n];
        for (int i = 0; i < n; i++) {
            accounts[i] = new Account("ACC-" + i, opening); // @site slot0
        }
    }

    Account account(int i) {
        return accounts[i % accounts.length]; // @site slot1
    }

    int size() {
        return accounts.length;
    }

    /**
     * Moves money. To stay clear of lock-order deadlocks it never holds two account locks at
     * once: it withdraws under the source's lock, then credits the target directly, without the
     * target's lock (the bug: a concurrent deposit to the target can lose one of the updates).
     */
    boolean transfer(Account from, Account to, int amount) {
        if (!from.withdraw(amount)) {
            return false;
        }
        to.credit(amount);
        return true;
    }

    /** Sums the balances, one account lock at a time: money in flight is not counted. */
    int total() {
        int sum = 0;
        for (int i = 0; i < accounts.length; i++) {
            sum += accounts[i].balance(); // @site slot2
        }
        return sum;
    }
}
