package dev.payhook.provider;

import dev.payhook.config.ProviderProperties;

/**
 * A provider API client by name (the provider's format: the API answers in the same wire format),
 * built from the provider's {@code payhook.providers.<id>.api} settings.
 */
public interface ApiFactory<S extends ProviderSettings> {

    String name();

    Class<S> settings();

    /** {@code scheme} is the provider's own, for APIs whose responses are signed with the same keys. */
    ProviderApi create(
            String provider, S settings, ProviderProperties.Mode mode, SignatureScheme scheme, ApiCalls calls);
}
