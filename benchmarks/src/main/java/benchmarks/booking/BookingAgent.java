package benchmarks.booking;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A ticket agent. Every check-then-act here is written correctly: the check and the act are
 * inside one synchronized block on the object whose state they test, so no other agent's
 * operation can come between them (the false alarms an atomicity checker must not raise).
 */
final class BookingAgent implements Runnable {
    private final String name;
    private final Venue venue;
    private final ConcurrentHashMap<String, Integer> sales;
    private final int wanted;
    private int sold;

    BookingAgent(String name, Venue venue, ConcurrentHashMap<String, Integer> sales, int wanted) {
        this.name = name;
        this.venue = venue;
        this.sales = sales;
        this.wanted = wanted;
    }

    @Override
    public void run() {
        for (int i = 0; i < wanted && !venue.soldOut; i++) {
            if (tryBook(name + "#" + i)) {
                sold++;
                count();
            }
            print(i);
        }
    }

    /** One seat if one is free: the check, the booking and the sold-out flag under the venue's monitor. */
    boolean tryBook(String ticket) {
        synchronized (venue) { // @site guard
            if (venue.free() > 0) { // @site freeCheck
                venue.book(ticket); // @site bookAct
                if (venue.free() == 0 && !venue.soldOut) { // @site soldOutCheck
                    venue.soldOut = true; // @site soldOutSet
                }
                return true;
            }
            return false;
        }
    }

    /** Per-agent sales in a ConcurrentHashMap, read-then-written under the map's own monitor by every writer. */
    private void count() {
        synchronized (sales) {
            Integer n = sales.get(name); // @site salesRead
            sales.put(name, n == null ? 1 : n + 1); // @site salesWrite
        }
    }

    int sold() {
        return sold;
    }

    /** Prints the ticket: the work between two bookings. */
    private static void print(int i) {
        long h = i;
        for (int k = 0; k < 20_000; k++) {
            h = h * 31 + k;
        }
        if (h == 42) {
            System.out.println("unlikely");
        }
    }
}
