package dev.payhook.provider.adyen;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;

/**
 * {@code payhook.providers.<id>.api}: Adyen's Checkout API, its key ({@code X-API-Key}), the merchant
 * account the calls are made for, and its base URL: Adyen's test host in test mode; in live mode
 * the account's own live endpoint, which must be given.
 */
public record AdyenApiSettings(
        String baseUrl, @Credential String key, @Credential String merchantAccount) implements ProviderSettings {}
