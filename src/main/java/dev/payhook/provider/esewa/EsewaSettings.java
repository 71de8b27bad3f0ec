package dev.payhook.provider.esewa;

import dev.payhook.provider.ProviderSettings;
import java.util.Map;

/**
 * The {@code esewa} scheme's settings: those under {@code api}, as eSewa's one secret key both signs
 * the returns and belongs to the merchant's API access. The secret switches the provider on: without
 * it no return can be checked.
 */
public class EsewaSettings implements ProviderSettings {

    private EsewaApiSettings api = new EsewaApiSettings();

    public EsewaApiSettings getApi() {
        return api;
    }

    public void setApi(EsewaApiSettings api) {
        this.api = api == null ? new EsewaApiSettings() : api;
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of("api.secret", api.getSecret() != null && !api.getSecret().isBlank());
    }
}
