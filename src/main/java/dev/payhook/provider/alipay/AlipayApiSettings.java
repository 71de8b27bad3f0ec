package dev.payhook.provider.alipay;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;

/** {@code payhook.providers.<id>.api}: Alipay's gateway URL, the app id, and the app's private key (RSA2). */
public record AlipayApiSettings(
        String baseUrl,
        @Credential String appId,
        @Credential String privateKey) implements ProviderSettings {}
