package dev.payhook.config;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One entry of {@code payhook.providers}: which scheme verifies it and with which secrets. */
public class ProviderProperties {

    public enum Mode {
        test,
        live
    }

    @NotBlank
    private String scheme;

    @NotNull
    private Mode mode = Mode.test;
    /** Unset: on when a secret is configured. true: a missing secret stops start-up. false: off. */
    private Boolean enabled;

    private List<String> secrets = new ArrayList<>();

    @NotNull
    private Duration tolerance = Duration.ofMinutes(5);
    /** alipay-rsa2: the provider's RSA public keys, base64 X.509 SubjectPublicKeyInfo (several for rotation). */
    private List<String> publicKeys = new ArrayList<>();
    /** wechatpay-v3: platform certificate or public key serial -> public key (base64 X.509 or PEM). */
    private Map<String, String> platformKeys = new LinkedHashMap<>();
    /** wechatpay-v3: the API v3 key (32 characters) that decrypts notification resources. */
    private String apiV3Key = "";
    /** adyen-hmac: optional HTTP basic auth the provider sends with each notification. */
    private String basicAuthUsername = "";

    private String basicAuthPassword = "";

    public String getScheme() {
        return scheme;
    }

    public void setScheme(String scheme) {
        this.scheme = scheme;
    }

    public Mode getMode() {
        return mode;
    }

    public void setMode(Mode mode) {
        this.mode = mode;
    }

    public Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(Boolean enabled) {
        this.enabled = enabled;
    }

    public List<String> getSecrets() {
        return secrets;
    }

    public void setSecrets(List<String> secrets) {
        this.secrets = secrets == null ? new ArrayList<>() : secrets;
    }

    public Duration getTolerance() {
        return tolerance;
    }

    public void setTolerance(Duration tolerance) {
        this.tolerance = tolerance;
    }

    public List<String> getPublicKeys() {
        return publicKeys;
    }

    public void setPublicKeys(List<String> publicKeys) {
        this.publicKeys = publicKeys == null ? new ArrayList<>() : publicKeys;
    }

    public Map<String, String> getPlatformKeys() {
        return platformKeys;
    }

    public void setPlatformKeys(Map<String, String> platformKeys) {
        this.platformKeys = platformKeys == null ? new LinkedHashMap<>() : platformKeys;
    }

    public String getApiV3Key() {
        return apiV3Key;
    }

    public void setApiV3Key(String apiV3Key) {
        this.apiV3Key = apiV3Key == null ? "" : apiV3Key.trim();
    }

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

    /** The configured secrets without the blanks an unset environment variable leaves. */
    public List<String> presentSecrets() {
        return present(secrets);
    }

    public List<String> presentPublicKeys() {
        return present(publicKeys);
    }

    /** Serial -> key, without entries an unset environment variable left blank. */
    public Map<String, String> presentPlatformKeys() {
        Map<String, String> keys = new LinkedHashMap<>();
        platformKeys.forEach((serial, key) -> {
            if (serial != null && !serial.isBlank() && key != null && !key.isBlank()) {
                keys.put(serial.trim(), key.trim());
            }
        });
        return keys;
    }

    private static List<String> present(List<String> values) {
        return values.stream()
                .filter(s -> s != null && !s.isBlank())
                .map(String::trim)
                .toList();
    }
}
