package dev.payhook.provider.khalti;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;

/**
 * {@code payhook.providers.<id>.api}: the merchant's secret key (sent as {@code Authorization: Key
 * <secret>}; the sandbox's from test-admin.khalti.com) and the base URL, up to {@code /api}.
 */
public record KhaltiApiSettings(String baseUrl, @Credential String secretKey) implements ProviderSettings {}
