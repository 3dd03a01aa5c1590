package benchmarks.orderids;

/** An order; immutable. */
final class Order {
    final int id;
    final String desk;
    final int quantity;
    final String currency;

    Order(int id, String desk, int quantity, String currency) {
        this.id = id;
        this.desk = desk;
        this.quantity = quantity;
        this.currency = currency;
    }
}
