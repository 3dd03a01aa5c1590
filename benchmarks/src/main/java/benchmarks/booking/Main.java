package benchmarks.booking;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ticket sales done right: three agents sell seats of one venue; each agent's check of the free
 * seats and its booking are in one synchronized block on the venue, as are the sold-out flag's
 * check and set and the sales count's read and write. No execution interleaves them, so there
 * is no atomicity violation (and no data race: each agent's own count is read by main after the
 * join). Main checks the seats and the sales. The first argument is the number of seats.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int seats = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        Venue venue = new Venue(seats);
        ConcurrentHashMap<String, Integer> sales = new ConcurrentHashMap<>();
        List<BookingAgent> agents = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int a = 0; a < 3; a++) {
            BookingAgent agent = new BookingAgent("agent-" + a, venue, sales, seats);
            agents.add(agent);
            threads.add(new Thread(agent, "Agent-" + a));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        int sold = agents.stream().mapToInt(BookingAgent::sold).sum();
        int counted = sales.values().stream().mapToInt(Integer::intValue).sum();
        System.out.println("booking: " + venue.booked() + " of " + seats + " seats, sold " + sold + ", counted " + counted);
        if (venue.booked() != seats || sold != seats || counted != seats) {
            throw new IllegalStateException("sales do not add up: booked " + venue.booked() + ", sold " + sold
                    + ", counted " + counted);
        }
    }
}
