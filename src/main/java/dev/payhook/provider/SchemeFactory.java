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

    /** How a scheme is built for one provider. */
    @FunctionalInterface
    interface Build<S extends ProviderSettings> {
        SignatureScheme create(String provider, S settings, Clock clock);
    }

    /**
     * The scheme {@code name}, reading its settings as {@code settings}; {@code defaultFormat} is
     * the format its providers use unless they name another (null for a scheme many senders share).
     */
    static <S extends ProviderSettings> SchemeFactory<S> of(
            String name, Class<S> settings, String defaultFormat, Build<S> build) {
        return new SchemeFactory<>() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Class<S> settings() {
                return settings;
            }

            @Override
            public Optional<String> defaultFormat() {
                return Optional.ofNullable(defaultFormat);
            }

            @Override
            public SignatureScheme create(String provider, S s, Clock clock) {
                return build.create(provider, s, clock);
            }
        };
    }
}
