package dev.payhook.provider;

import dev.payhook.config.ProviderProperties.Mode;
import java.util.HashSet;
import java.util.Set;

/** One configured provider: a signature scheme plus an event format, in a mode. */
public record Provider(String id, Mode mode, SignatureScheme scheme, EventFormat format) {

    /** The headers the envelope keeps: what the scheme and the format read, never the secret ones. */
    public Set<String> keptHeaders() {
        Set<String> names = new HashSet<>(scheme.headerNames());
        names.addAll(format.headerNames());
        return names;
    }
}
