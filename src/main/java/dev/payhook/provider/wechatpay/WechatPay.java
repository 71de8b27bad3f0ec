package dev.payhook.provider.wechatpay;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;
import static dev.payhook.provider.Capability.FINDS_ORDERS;
import static dev.payhook.provider.Capability.REFUNDS;
import static dev.payhook.provider.Capability.REFUNDS_PART;

import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.types.TypeTables;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** WeChat Pay API v3: its scheme, its event format and its API, under the name {@code wechatpay}. */
@Configuration(proxyBeanMethods = false)
public class WechatPay {

    /**
     * SHA256withRSA with the platform key the {@code Wechatpay-Serial} header names; the serials
     * are resolved here because Spring resolves placeholders in values, not in map keys:
     * {@code { "[${WECHATPAY_SERIAL:}]": ... }}.
     */
    public static SignatureScheme signature(
            String provider, WechatPayKeys settings, Clock clock, Environment environment) {
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
    }

    @Bean
    static ProviderKind wechatpayKind(TypeTables tables, Environment environment) {
        return ProviderKind.named("wechatpay")
                .scheme(
                        "wechatpay-v3",
                        WechatPayKeys.class,
                        (provider, keys, clock) -> signature(provider, keys, clock, environment))
                .format(WechatPayDecryption.class, (provider, key) -> WechatPayFormat.create(tables, provider, key))
                .api(
                        WechatPayApiSettings.class,
                        WechatPayApi::create,
                        FINDS_ORDERS,
                        CHECKS_PAYMENTS,
                        REFUNDS,
                        REFUNDS_PART)
                .shipped("""
                        wechatpay:
                          scheme: wechatpay-v3
                          mode: test
                          # serial -> key; the brackets keep the placeholder in the key, Payhook resolves it at start-up
                          platform-keys: { "[${WECHATPAY_SERIAL:}]": "${WECHATPAY_PLATFORM_PUBLIC_KEY:}" }
                          api-v3-key: ${WECHATPAY_API_V3_KEY:}
                          accounts:                         # a notification for another merchant or app is rejected_account
                            mchid: ${WECHATPAY_MCHID:}
                            appid: ${WECHATPAY_APPID:}
                          tolerance: 300s
                          api:                              # requests signed with the merchant key; answers verified with platform-keys
                            mchid: ${WECHATPAY_MCHID:}
                            merchant-serial: ${WECHATPAY_MERCHANT_SERIAL:}   # serial number of the merchant API certificate
                            private-key: ${WECHATPAY_MERCHANT_PRIVATE_KEY:}  # base64 PKCS#8 (PEM accepted)
                            base-url: ${WECHATPAY_API_BASE_URL:}             # default https://api.mch.weixin.qq.com
                        """);
    }
}
