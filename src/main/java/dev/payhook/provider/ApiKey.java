package dev.payhook.provider;

import java.util.Map;

/** The API settings of a provider whose API takes a bearer key: {@code api.base-url}, {@code api.key}. */
public class ApiKey implements ProviderSettings {

    private String baseUrl;
    private String key;

    public String getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String getKey() {
        return key;
    }

    public void setKey(String key) {
        this.key = key;
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of("key", key != null && !key.isBlank());
    }
}
