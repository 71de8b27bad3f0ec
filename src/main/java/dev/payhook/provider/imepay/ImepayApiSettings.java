package dev.payhook.provider.imepay;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;

/**
 * {@code payhook.providers.<id>.api}: IME Pay's merchant code, the module name (sent base64 in the
 * {@code Module} header), the API user and password (basic authentication) and the base URL.
 */
public record ImepayApiSettings(
        String baseUrl,
        @Credential String merchantCode,
        @Credential String module,
        @Credential String username,
        @Credential String password)
        implements ProviderSettings {}
