package dev.payhook.provider.paypal;

import dev.payhook.provider.ProviderSettings;
import java.util.Map;

/** {@code payhook.providers.<id>.api}: the REST app's client credentials (OAuth2) and the API's base URL. */
public class PaypalApiSettings implements ProviderSettings {

    private String baseUrl;
    private String clientId;
    private String clientSecret;

    public String getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String getClientId() {
        return clientId;
    }

    public void setClientId(String clientId) {
        this.clientId = clientId;
    }

    public String getClientSecret() {
        return clientSecret;
    }

    public void setClientSecret(String clientSecret) {
        this.clientSecret = clientSecret;
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of(
                "client-id", clientId != null && !clientId.isBlank(),
                "client-secret", clientSecret != null && !clientSecret.isBlank());
    }
}
