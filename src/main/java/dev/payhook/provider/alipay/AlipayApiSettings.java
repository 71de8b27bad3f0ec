package dev.payhook.provider.alipay;

import dev.payhook.provider.ProviderSettings;
import java.util.Map;

/** {@code payhook.providers.<id>.api}: Alipay's gateway URL, the app id, and the app's private key (RSA2). */
public class AlipayApiSettings implements ProviderSettings {

    private String baseUrl;
    private String appId;
    private String privateKey;

    public String getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String getAppId() {
        return appId;
    }

    public void setAppId(String appId) {
        this.appId = appId;
    }

    public String getPrivateKey() {
        return privateKey;
    }

    public void setPrivateKey(String privateKey) {
        this.privateKey = privateKey;
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of(
                "app-id", appId != null && !appId.isBlank(),
                "private-key", privateKey != null && !privateKey.isBlank());
    }
}
