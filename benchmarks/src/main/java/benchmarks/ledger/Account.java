package benchmarks.ledger;

import java.util.ArrayList;
import java.util.List;

/** An account: its balance and its statement lines, both guarded by the account's monitor. */
final class Account {
    final String iban;
    private long cents;
    private final List<String> lines = new ArrayList<>();

    Account(String iban, long opening) {
        this.iban = iban;
        post(opening, "opening");
    }

    synchronized void post(long amount, String memo) {
        cents += amount;
        lines.add(memo + " " + amount); // @site lineAdd
    }

    synchronized long balance() {
        return cents;
    }

    synchronized int lineCount() {
        return lines.size();
    }
}
