package dev.payhook.provider;

import java.util.HashSet;
import java.util.Set;

/** One enabled provider: a signature scheme plus an event format. */
public final class Provider {

    private final SignatureScheme scheme;
    private final EventFormat format;
    private final Set<String> keptHeaders;

    Provider(SignatureScheme scheme, EventFormat format) {
        this.scheme = scheme;
        this.format = format;
        Set<String> names = new HashSet<>(scheme.headerNames());
        names.addAll(format.headerNames());
        this.keptHeaders = Set.copyOf(names);
    }

    public SignatureScheme scheme() {
        return scheme;
    }

    public EventFormat format() {
        return format;
    }

    /** The headers the envelope keeps: what the scheme and the format read, never the secret ones. */
    public Set<String> keptHeaders() {
        return keptHeaders;
    }
}
