package dev.payhook.provider.wechatpay;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;

/**
 * {@code payhook.providers.<id>.api}: the merchant id, the serial number of the merchant's API
 * certificate and its private key, with which every request is signed.
 */
public record WechatPayApiSettings(
        String baseUrl,
        @Credential String mchid,
        @Credential String merchantSerial,
        @Credential String privateKey) implements ProviderSettings {}
