package racepipe.dynamic.sched;

import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import racepipe.dynamic.explore.Execution;

/**
 * How a schedule chooses: RaceFuzzer, the random scheduler or exploration. The scheduler
 * passes the turn the same way for all three; a strategy gives it the seed of its choices, the
 * sites it watches and makes its {@link Policy} from the schedule's parts.
 */
public final class Strategy {
    /** The schedule's parts a policy works with. */
    record Parts(RaceLog races, Roster roster, Choices choices, LockModel locks, Consumer<String> cut, BooleanSupplier over) {
    }

    final long seed;
    final Set<String> sites;
    private final java.util.function.Function<Parts, Policy> make;

    private Strategy(long seed, Set<String> sites, java.util.function.Function<Parts, Policy> make) {
        this.seed = seed;
        this.sites = sites;
        this.make = make;
    }

    /** RaceFuzzer on the pair's sites (without sites: the random scheduler). */
    public static Strategy raceFuzzer(long seed, Set<String> sites) {
        return sites == null ? random(seed, null)
                : new Strategy(seed, sites, p -> new RaceFuzzer(p.races(), p.roster(), p.choices()));
    }

    /** AtomFuzzer on an atomic block's check and act operations (site keys). */
    public static Strategy atomFuzzer(long seed, String check, String act) {
        return new Strategy(seed, null, p -> new AtomFuzzer(check, act, p.races(), p.roster(), p.choices(), p.locks()));
    }

    /** Any enabled thread at every point, by the seed; with sites, it notes where two threads met before them. */
    public static Strategy random(long seed, Set<String> sites) {
        return new Strategy(seed, sites, p -> new RandomPolicy(p.races(), p.roster(), p.choices()));
    }

    /**
     * The strategy of a trial worker's scheduler mode (racepipe.contract.CandidateKind names each
     * kind's): racefuzzer and random for race pairs, the other kinds' directed strategies over
     * their candidate's sites; IllegalArgumentException for a mode no strategy has.
     */
    public static Strategy of(String mode, long seed, Set<String> sites) {
        return switch (mode) {
            case "racefuzzer" -> raceFuzzer(seed, sites);
            case "random" -> random(seed, sites);
            case "atomfuzzer" -> { // the candidate's sites: check, act (then the other thread's operation)
                java.util.List<String> ordered = new java.util.ArrayList<>(sites);
                yield atomFuzzer(seed, ordered.get(0), ordered.get(Math.min(1, ordered.size() - 1)));
            }
            default -> throw new IllegalArgumentException("no scheduler strategy named " + mode);
        };
    }

    /** Every choice is the execution's (see racepipe.dynamic.explore). */
    public static Strategy explore(Execution execution) {
        return new Strategy(0, null, p -> new ExplorePolicy(execution, p.roster(), p.locks(), p.cut(), p.over()));
    }

    Policy policy(Parts parts) {
        return make.apply(parts);
    }
}
