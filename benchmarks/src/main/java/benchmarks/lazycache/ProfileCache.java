package benchmarks.lazycache;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A lazily filled cache in front of the store. The map is a ConcurrentHashMap, so each get and
 * each put is atomic, but "get, and on a miss load and put" is not: two threads that miss the
 * same user both load it. The per-tier counts use computeIfAbsent and merge, one call each.
 */
final class ProfileCache {
    private final ConcurrentHashMap<String, Profile> profiles = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Integer, Integer> tiers = new ConcurrentHashMap<>();
    private final ProfileStore store;

    ProfileCache(ProfileStore store) {
        this.store = store;
    }

    Profile profile(String user) {
        Profile p = profiles.get(user); // @site miss
        if (p == null) {
            p = store.load(user);
            profiles.put(user, p); // @site fill
            countTier(p.tier);
        }
        return p;
    }

    private void countTier(int tier) {
        tiers.merge(tier % 4, 1, Integer::sum);
    }

    int size() {
        return profiles.size();
    }
}
