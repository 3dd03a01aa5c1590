package benchmarks.migration;

/**
 * A schema migration in two stages: the migrator thread copies the customers table into the new
 * schema; main joins it, then starts the verifier, which compares the tables in the opposite lock
 * order, while a reporter counts the rows of both (one lock at a time). A lock-order cycle that
 * start and join rule out. Main checks the verifier found no mismatch.
 * The first argument is the number of rows.
 */
public final class Main {
    static final String[] CITIES = {"Lisbon", "Oslo", "Quito", "Hanoi", "Accra"};

    public static void main(String[] args) throws InterruptedException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        Table customers = new Table("customers"), customersV2 = new Table("customers_v2");
        synchronized (customers) {
            for (int i = 0; i < rows; i++) {
                customers.put(i, "customer" + i + ";" + CITIES[i % CITIES.length] + ";" + (18 + i % 60));
            }
        }

        Migrator migrator = new Migrator(customers, customersV2);
        Thread copy = new Thread(migrator, "Migrator");
        copy.start();
        copy.join();

        Verifier verifier = new Verifier(customers, customersV2);
        Thread check = new Thread(verifier, "Verifier");
        int[] counts = new int[2];
        Thread report = new Thread(() -> {
            counts[0] = customers.size();
            counts[1] = customersV2.size();
        }, "Reporter");
        check.start();
        report.start();
        check.join();
        report.join();

        System.out.println("migration: " + migrator.copied() + " rows copied, " + counts[0] + "/" + counts[1]
                + " rows, " + verifier.mismatches() + " mismatches");
        if (verifier.mismatches() != 0 || migrator.copied() != rows) {
            throw new IllegalStateException("migration incomplete: " + verifier.mismatches() + " mismatches");
        }
    }
}
