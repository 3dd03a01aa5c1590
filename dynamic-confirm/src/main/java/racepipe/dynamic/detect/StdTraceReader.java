package racepipe.dynamic.detect;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Feeds a trace in RAPID's STD format to an {@link EventHub}: lines {@code thread|op(decor)|location}
 * with op one of {@code r w acq rel fork join} ({@code begin} and {@code end}, RAPID's atomicity
 * markers, are skipped), the location an int: an access's site id (racepipe's own traces) or
 * RAPID's location number. Threads, locks and variables are numbered by name in first-seen order.
 * What {@link StdTraceWriter} writes for what STD lacks is read back as what it stands for: an
 * access to {@code Y<n>} is a volatile access of variable n, to {@code N<n>} a notification
 * (write) or wait return (read) of monitor n, to {@code H<n>} a hand-off of object n sent (write)
 * or received (read), and their one-access sections on the lock of the
 * same name are dropped; an acquire or release at location -1 is in read mode.
 */
public final class StdTraceReader {
    private static final Pattern LINE = Pattern.compile("([^|]*)\\|(acq|rel|r|w|fork|join|begin|end)(?:\\(([^()\\s]+)\\))?\\|(-?\\d+)\\s*");
    private static final Pattern STANDS_FOR = Pattern.compile("[YNH]\\d+");

    private final EventHub hub;
    private final Map<String, Integer> threads = new HashMap<>(), locks = new HashMap<>(), monitors = new HashMap<>();
    private final Map<String, Shadow> variables = new HashMap<>();
    private long events;

    public StdTraceReader(EventHub hub) {
        this.hub = hub;
    }

    /** The events read so far. */
    public long events() {
        return events;
    }

    /** Reads every line; a line that is not STD fails with its number. */
    public void read(BufferedReader in) throws IOException {
        String line;
        long n = 0;
        while ((line = in.readLine()) != null) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (!m.matches() || m.group(3) == null && !m.group(2).equals("begin") && !m.group(2).equals("end")) {
                throw new IllegalArgumentException("line " + n + " is not an STD event (thread|op(decor)|location): " + line);
            }
            event(m.group(1), m.group(2), m.group(3), Integer.parseInt(m.group(4)));
            events++;
        }
    }

    private static int id(Map<String, Integer> ids, String name) {
        Integer id = ids.get(name);
        if (id == null) {
            ids.put(name, id = ids.size());
        }
        return id;
    }

    private void event(String thread, String op, String decor, int location) {
        int t = id(threads, thread);
        boolean standsFor = decor != null && STANDS_FOR.matcher(decor).matches();
        switch (op) {
            case "r", "w" -> {
                boolean write = op.equals("w");
                if (standsFor && decor.charAt(0) == 'Y') {
                    hub.volatileAccess(t, id(monitors, decor), write);
                } else if (standsFor && decor.charAt(0) == 'H') {
                    hub.handOff(t, id(monitors, decor), write);
                } else if (standsFor) {
                    int monitor = id(monitors, decor);
                    if (write) {
                        hub.notifyWaiters(t, monitor);
                    } else {
                        hub.waitReturn(t, monitor);
                    }
                } else {
                    hub.access(t, variables.computeIfAbsent(decor, k -> hub.newShadow()), location, write);
                }
            }
            case "acq" -> {
                if (!standsFor) {
                    hub.acquire(t, id(locks, decor), location != -1);
                }
            }
            case "rel" -> {
                if (!standsFor) {
                    hub.release(t, id(locks, decor), location != -1);
                }
            }
            case "fork" -> hub.threadStart(t, id(threads, decor));
            case "join" -> hub.threadJoin(t, id(threads, decor));
            default -> { } // begin, end
        }
    }
}
