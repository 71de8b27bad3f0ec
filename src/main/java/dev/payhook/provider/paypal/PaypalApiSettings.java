package dev.payhook.provider.paypal;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;

/** {@code payhook.providers.<id>.api}: the REST app's client credentials (OAuth2) and the API's base URL. */
public record PaypalApiSettings(
        String baseUrl,
        @Credential String clientId,
        @Credential String clientSecret) implements ProviderSettings {}
