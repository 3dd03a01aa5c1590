package benchmarks.orderids;

/** Process-wide settings in static fields. */
final class Settings {
    static int maxQuantity;
    static String currency = "EUR"; // @site currency0

    private Settings() {
    }
}
