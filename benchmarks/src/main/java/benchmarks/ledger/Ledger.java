package benchmarks.ledger;

/**
 * Moves money between accounts. A transfer locks both accounts so that nobody sees the money in
 * neither or in both: the source first, then the target, in the order of its arguments. Two
 * transfers in opposite directions between the same two accounts can each hold one account and
 * wait for the other (the classic lock-order deadlock).
 */
final class Ledger {
    private final Account[] accounts;
    private int transfers; // guarded by this

    Ledger(Account... accounts) {
        this.accounts = accounts;
    }

    Account account(int i) {
        return accounts[i];
    }

    boolean transfer(Account from, Account to, long amount, String memo) {
        synchronized (from) { // @lock source
            if (from.balance() < amount) {
                return false;
            }
            synchronized (to) { // @lock target
                from.post(-amount, memo);
                to.post(amount, memo);
            }
        }
        count();
        return true;
    }

    private synchronized void count() {
        transfers++; // @site countInc
    }

    synchronized int transfers() {
        return transfers; // @site countRead
    }

    /** The sum of all balances, one account at a time (never two locks at once). */
    long total() {
        long sum = 0;
        for (Account a : accounts) {
            sum += a.balance();
        }
        return sum;
    }
}
