package dev.payhook.provider.wechatpay;

import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** WeChat Pay API v3: SHA256withRSA with the platform key the Wechatpay-Serial header names. */
@Component
public class WechatPayScheme implements SchemeFactory<WechatPayKeys> {

    private final Environment environment;

    public WechatPayScheme(Environment environment) {
        this.environment = environment;
    }

    @Override
    public String name() {
        return "wechatpay-v3";
    }

    @Override
    public Class<WechatPayKeys> settings() {
        return WechatPayKeys.class;
    }

    @Override
    public Optional<String> defaultFormat() {
        return Optional.of("wechatpay");
    }

    @Override
    public SignatureScheme create(String provider, WechatPayKeys settings, Clock clock) {
        // Spring resolves placeholders in values, not in map keys: { "[${WECHATPAY_SERIAL:}]": ... }
        Map<String, String> keys = new LinkedHashMap<>();
        settings.present().forEach((serial, key) -> {
            String resolved = environment.resolvePlaceholders(serial).trim();
            if (resolved.isEmpty()) {
                throw new IllegalStateException("payhook.providers." + provider
                        + ".platform-keys: a key whose serial is empty (is WECHATPAY_SERIAL set?)");
            }
            keys.put(resolved, key);
        });
        return new WechatPaySignature(provider, keys, settings.getTolerance(), clock);
    }
}
