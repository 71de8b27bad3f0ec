package dev.payhook.provider;

import java.util.Map;

/**
 * The settings a scheme or format reads from its provider's {@code payhook.providers.<id>} entry
 * (each its own class, bound by the registry), and which of them are credentials: a provider with
 * none of its credentials is off, with some but not all it is a start-up error.
 */
public interface ProviderSettings {

    /** Credential setting name (as written under the provider) -> whether it is configured. */
    Map<String, Boolean> credentials();

    /** For a scheme or format that reads nothing from the provider's settings. */
    final class None implements ProviderSettings {
        @Override
        public Map<String, Boolean> credentials() {
            return Map.of();
        }
    }
}
