package dev.payhook.provider.razorpay;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;

/**
 * {@code payhook.providers.<id>.api}: the API key id and secret (basic authentication; a test key
 * {@code rzp_test_…} reaches test mode on the same host) and the base URL.
 */
public record RazorpayApiSettings(
        String baseUrl,
        @Credential String keyId,
        @Credential String keySecret) implements ProviderSettings {}
