package dev.payhook.provider.imepay;

import dev.payhook.provider.ProviderSettings;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code imepay} scheme's settings: those under {@code api}. IME Pay's return is not signed,
 * so nothing it says counts until its API confirms it: without API credentials the provider is off.
 */
public class ImepaySettings implements ProviderSettings {

    private ImepayApiSettings api = new ImepayApiSettings();

    public ImepayApiSettings getApi() {
        return api;
    }

    public void setApi(ImepayApiSettings api) {
        this.api = api == null ? new ImepayApiSettings() : api;
    }

    @Override
    public Map<String, Boolean> credentials() {
        Map<String, Boolean> credentials = new LinkedHashMap<>();
        api.credentials().forEach((name, set) -> credentials.put("api." + name, set));
        return credentials;
    }
}
