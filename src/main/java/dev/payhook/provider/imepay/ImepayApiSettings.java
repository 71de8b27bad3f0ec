package dev.payhook.provider.imepay;

import dev.payhook.provider.ProviderSettings;
import java.util.Map;

/**
 * {@code payhook.providers.<id>.api}: IME Pay's merchant code, the module name (sent base64 in the
 * {@code Module} header), the API user and password (basic authentication) and the base URL.
 */
public class ImepayApiSettings implements ProviderSettings {

    private String baseUrl;
    private String merchantCode;
    private String module;
    private String username;
    private String password;

    public String getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String getMerchantCode() {
        return merchantCode;
    }

    public void setMerchantCode(String merchantCode) {
        this.merchantCode = merchantCode;
    }

    public String getModule() {
        return module;
    }

    public void setModule(String module) {
        this.module = module;
    }

    public String getUsername() {
        return username;
    }

    public void setUsername(String username) {
        this.username = username;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of(
                "merchant-code", set(merchantCode),
                "module", set(module),
                "username", set(username),
                "password", set(password));
    }

    private static boolean set(String value) {
        return value != null && !value.isBlank();
    }
}
