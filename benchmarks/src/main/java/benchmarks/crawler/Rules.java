package benchmarks.crawler;

/** A host's robots.txt, parsed: immutable, so two parses of one host are interchangeable. */
final class Rules {
    final int host;
    final int disallowEvery;

    private Rules(int host, int disallowEvery) {
        this.host = host;
        this.disallowEvery = disallowEvery;
    }

    static Rules parse(int host) {
        return new Rules(host, host == 1 ? 5 : 0);
    }

    boolean allows(int page) {
        return disallowEvery == 0 || page % disallowEvery != 0;
    }
}
