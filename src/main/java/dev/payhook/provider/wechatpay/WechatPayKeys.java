package dev.payhook.provider.wechatpay;

import dev.payhook.provider.ProviderSettings;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** WeChat Pay's platform keys by serial (base64 X.509 or PEM) and the tolerance of its signed timestamp. */
public class WechatPayKeys implements ProviderSettings {

    private Map<String, String> platformKeys = new LinkedHashMap<>();
    private Duration tolerance = Duration.ofMinutes(5);

    public Map<String, String> getPlatformKeys() {
        return platformKeys;
    }

    public void setPlatformKeys(Map<String, String> platformKeys) {
        this.platformKeys = platformKeys == null ? new LinkedHashMap<>() : platformKeys;
    }

    public Duration getTolerance() {
        return tolerance;
    }

    public void setTolerance(Duration tolerance) {
        this.tolerance = tolerance;
    }

    /** Serial -> key, without entries an unset environment variable left blank. */
    Map<String, String> present() {
        Map<String, String> keys = new LinkedHashMap<>();
        platformKeys.forEach((serial, key) -> {
            if (serial != null && !serial.isBlank() && key != null && !key.isBlank()) {
                keys.put(serial.trim(), key.trim());
            }
        });
        return keys;
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of("platform-keys", !present().isEmpty());
    }
}
