package benchmarks.lazycache;

/** A user's profile: immutable once loaded. */
final class Profile {
    final String user;
    final int tier;

    Profile(String user, int tier) {
        this.user = user;
        this.tier = tier;
    }
}
