package dev.payhook.provider;

import dev.payhook.config.ProviderProperties;
import java.time.Clock;

/**
 * What an API client is built with besides its own settings: the provider's id and mode, its
 * signature scheme (for APIs whose answers are signed with the same keys) and how calls are made.
 */
public record ApiSetup(
        String provider, ProviderProperties.Mode mode, SignatureScheme scheme, ApiCalls calls, Clock clock) {

    /** {@code configured} when set, else the provider's host for the mode. */
    public String baseUrl(String configured, String test, String live) {
        return ApiCalls.baseUrl(configured, mode, test, live);
    }
}
