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
    record Parts(RaceLog races, Roster roster, Choices choices, LockModel locks, Consumer<String> cut, BooleanSupplier over,
                 java.util.function.Supplier<String> deadlock) {
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
    public static Strategy of(String mode, long seed, java.util.List<String> sites) {
        return switch (mode) {
            case "racefuzzer" -> raceFuzzer(seed, sites == null ? null : new java.util.LinkedHashSet<>(sites));
            case "random" -> random(seed, sites == null ? null : new java.util.LinkedHashSet<>(sites));
            case "atomfuzzer" -> // the candidate's sites: check, act (then the other thread's operation)
                    atomFuzzer(seed, sites.get(0), sites.get(Math.min(1, sites.size() - 1)));
            case "deadlockfuzzer" -> deadlockFuzzer(seed, sites);
            default -> throw new IllegalArgumentException("no scheduler strategy named " + mode);
        };
    }

    /** DeadlockFuzzer on a lock cycle's sites: per participant its held lock's acquire site, then its wanted one. */
    public static Strategy deadlockFuzzer(long seed, java.util.List<String> cycle) {
        if (cycle.size() < 4 || cycle.size() % 2 != 0) {
            throw new IllegalArgumentException("a lock cycle has two acquire sites per thread, at least two threads: " + cycle);
        }
        java.util.List<String> sites = java.util.List.copyOf(cycle);
        return new Strategy(seed, null, p -> new DeadlockFuzzer(sites, p.roster(), p.choices(), p.locks(), p.deadlock()));
    }

    /** Every choice is the execution's (see racepipe.dynamic.explore). */
    public static Strategy explore(Execution execution) {
        return new Strategy(0, null, p -> new ExplorePolicy(execution, p.roster(), p.locks(), p.cut(), p.over()));
    }

    Policy policy(Parts parts) {
        return make.apply(parts);
    }
}
