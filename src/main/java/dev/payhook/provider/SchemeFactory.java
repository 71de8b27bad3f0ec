package dev.payhook.provider;

import java.time.Clock;
import java.util.Optional;

/** A signature scheme by name (the {@code scheme} setting), built for one provider from its settings. */
public interface SchemeFactory<S extends ProviderSettings> {

    String name();

    Class<S> settings();

    /** The format its providers use unless they name another; empty for schemes many senders share. */
    Optional<String> defaultFormat();

    SignatureScheme create(String provider, S settings, Clock clock);
}
