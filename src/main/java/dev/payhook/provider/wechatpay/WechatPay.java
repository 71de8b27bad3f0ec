package dev.payhook.provider.wechatpay;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.types.TypeTables;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** WeChat Pay API v3: its scheme ({@code wechatpay-v3}), its notification format and its API, as {@code wechatpay}. */
@Configuration(proxyBeanMethods = false)
public class WechatPay {

    /** SHA256withRSA with the platform key the {@code Wechatpay-Serial} header names. */
    public static SchemeFactory<WechatPayKeys> scheme(Environment environment) {
        return SchemeFactory.of("wechatpay-v3", WechatPayKeys.class, "wechatpay", (provider, settings, clock) -> {
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
            return new WechatPaySignature(provider, keys, settings.tolerance(), clock);
        });
    }

    @Bean
    SchemeFactory<WechatPayKeys> wechatpayScheme(Environment environment) {
        return scheme(environment);
    }

    @Bean
    FormatFactory<?> wechatpayFormat(TypeTables tables) {
        return new WechatPayFormat.Factory(tables);
    }

    @Bean
    ApiFactory<?> wechatpayApi(Clock clock) {
        return new WechatPayApi(clock);
    }
}
