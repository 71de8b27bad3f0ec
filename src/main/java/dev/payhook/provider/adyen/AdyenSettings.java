package dev.payhook.provider.adyen;

import dev.payhook.provider.HmacSecrets;

/** Adyen's HMAC keys (hex, several while one is rotated) and the optional basic auth it sends. */
public class AdyenSettings extends HmacSecrets {

    private String basicAuthUsername = "";
    private String basicAuthPassword = "";

    public String getBasicAuthUsername() {
        return basicAuthUsername;
    }

    public void setBasicAuthUsername(String value) {
        this.basicAuthUsername = value == null ? "" : value;
    }

    public String getBasicAuthPassword() {
        return basicAuthPassword;
    }

    public void setBasicAuthPassword(String value) {
        this.basicAuthPassword = value == null ? "" : value;
    }
}
