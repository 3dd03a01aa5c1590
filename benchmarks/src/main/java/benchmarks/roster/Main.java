package benchmarks.roster;

/**
 * A compound operation on a synchronized collection: a chat server's connection threads join
 * their users to a room's roster with contains-then-add on a Collections.synchronizedList. Dana
 * is logged in from a phone and a laptop; the laptop's connection first loads its history. When
 * both connections find dana absent, she is listed twice and main's check throws
 * IllegalStateException. Plain runs almost never overlap. The first argument is the number of
 * other users per connection.
 */
public final class Main {
    public static void main(String[] args) throws InterruptedException {
        int others = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Roster room = new Roster();
        Thread phone = new Thread(() -> {
            room.join("dana");
            for (int i = 0; i < others; i++) {
                room.join("guest-" + i);
                relay(i);
            }
        }, "Phone");
        Thread laptop = new Thread(() -> {
            relay(1_000);
            room.join("dana");
            for (int i = 0; i < others; i++) {
                room.join("member-" + i);
                room.leave("guest-" + i);
            }
        }, "Laptop");
        phone.start();
        laptop.start();
        phone.join();
        laptop.join();
        room.verify();
        System.out.println("roster: " + room.size() + " members");
    }

    /** Relays messages: the work of a connection between two roster changes. */
    private static void relay(int n) {
        long h = n;
        for (int i = 0; i < 50_000; i++) {
            h = h * 31 + i;
        }
        if (h == 42) {
            System.out.println("unlikely");
        }
    }
}
