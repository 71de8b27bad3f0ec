package dev.payhook.provider;

import dev.payhook.config.ProviderProperties;
import java.net.URI;
import java.time.Clock;

/**
 * What an API client is built with besides its own settings: the provider's id and mode, its
 * signature scheme (for APIs whose answers are signed with the same keys) and how calls are made.
 */
public record ApiSetup(
        String provider, ProviderProperties.Mode mode, SignatureScheme scheme, ApiCalls calls, Clock clock) {

    /**
     * The configured {@code api.base-url}, else the provider's own host for the mode ({@code test}
     * or {@code live}: the same for a provider with one host); without a trailing slash.
     */
    public String baseUrl(String configured, String test, String live) {
        String url = configured == null || configured.isBlank()
                ? (mode == ProviderProperties.Mode.live ? live : test)
                : configured.trim();
        URI.create(url);
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
