package dev.payhook.provider.esewa;

import dev.payhook.provider.ProviderSettings;
import java.util.Map;

/**
 * {@code payhook.providers.<id>.api}: the merchant's secret key (it signs the browser returns), its
 * product code (the status API asks by it) and the API's base URL.
 */
public class EsewaApiSettings implements ProviderSettings {

    private String baseUrl;
    private String secret;
    private String productCode;

    public String getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String getSecret() {
        return secret;
    }

    public void setSecret(String secret) {
        this.secret = secret;
    }

    public String getProductCode() {
        return productCode;
    }

    public void setProductCode(String productCode) {
        this.productCode = productCode;
    }

    /** The status API needs no credential: only the product code it asks by. */
    @Override
    public Map<String, Boolean> credentials() {
        return Map.of("product-code", productCode != null && !productCode.isBlank());
    }
}
