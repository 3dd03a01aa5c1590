package benchmarks.booking;

import java.util.ArrayList;
import java.util.List;

/** A venue's seats. Each method is synchronized; callers that need check-and-book hold the venue's monitor across both. */
final class Venue {
    private final int capacity;
    private final List<String> seats = new ArrayList<>();
    volatile boolean soldOut;

    Venue(int capacity) {
        this.capacity = capacity;
    }

    synchronized int free() {
        return capacity - seats.size();
    }

    synchronized void book(String who) {
        if (seats.size() >= capacity) {
            throw new IllegalStateException("overbooked: seat " + (seats.size() + 1) + " of " + capacity);
        }
        seats.add(who);
    }

    synchronized int booked() {
        return seats.size();
    }
}
