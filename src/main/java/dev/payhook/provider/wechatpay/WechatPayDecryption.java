package dev.payhook.provider.wechatpay;

import dev.payhook.provider.ProviderSettings;
import java.util.Map;

/** The API v3 key (32 characters) that decrypts WeChat Pay's notification resources. */
public class WechatPayDecryption implements ProviderSettings {

    private String apiV3Key = "";

    public String getApiV3Key() {
        return apiV3Key;
    }

    public void setApiV3Key(String apiV3Key) {
        this.apiV3Key = apiV3Key == null ? "" : apiV3Key.trim();
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of("api-v3-key", !apiV3Key.isBlank());
    }
}
