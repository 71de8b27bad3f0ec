package dev.payhook.provider.wechatpay;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** WeChat Pay's platform keys by serial (base64 X.509 or PEM) and the tolerance of its signed timestamp. */
public record WechatPayKeys(
        @Credential @DefaultValue Map<String, String> platformKeys,
        @DefaultValue("5m") Duration tolerance) implements ProviderSettings {

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
}
