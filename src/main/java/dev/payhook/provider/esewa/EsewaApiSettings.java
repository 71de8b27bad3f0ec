package dev.payhook.provider.esewa;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;

/**
 * {@code payhook.providers.<id>.api}: the merchant's secret key (it signs the browser returns), its
 * product code (the status API asks by it) and the API's base URL. The status API needs no
 * credential of its own: only the product code it asks by.
 */
public record EsewaApiSettings(
        String baseUrl, String secret, @Credential String productCode) implements ProviderSettings {}
