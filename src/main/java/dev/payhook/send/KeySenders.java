package dev.payhook.send;

import dev.payhook.provider.alipay.AlipaySignature;
import dev.payhook.provider.paypal.PaypalSignature;
import dev.payhook.provider.wechatpay.WechatPayResource;
import dev.payhook.provider.wechatpay.WechatPaySignature;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import tools.jackson.databind.json.JsonMapper;

/**
 * Providers that sign with a private key only they hold. {@code send} signs with the test key pair
 * whose public half {@code bin/payhook --dev} configured (or the one {@code --key} names).
 */
enum KeySenders implements Sender {
    /** A form POST, SHA256withRSA over the sorted parameters but sign and sign_type (its scheme's text). */
    ALIPAY("alipay-rsa2", "alipay", "CNY") {
        @Override
        public void addValues(Map<String, Object> v, ProviderKeys keys) {
            v.put("app_id", keys.setting("accounts.app-id", "2021000000000000"));
            v.put("seller_id", keys.setting("accounts.seller-id", "2088102176027680"));
            v.put("alipay_time", BEIJING.format(Instant.parse(String.valueOf(v.get("occurred_at")))));
        }

        /** A form of one's own, {@code a=1&b=2} as Alipay posts it, or one field a line as its samples are. */
        @Override
        public TestRequest ownBody(String type, String body, Map<String, Object> values, ProviderKeys keys) {
            String lines = body.strip().contains("\n")
                    ? body
                    : Arrays.stream(body.strip().split("&", -1))
                            .map(p -> URLDecoder.decode(p, StandardCharsets.UTF_8))
                            .collect(Collectors.joining("\n"));
            return request(type, lines, values, keys);
        }

        @Override
        public TestRequest request(String type, String filled, Map<String, Object> values, ProviderKeys keys) {
            Map<String, String> params = new TreeMap<>();
            for (String line : filled.lines().toList()) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    params.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
            params.put("sign", AlipaySignature.sign(keys.privateKey(), params));
            String form = params.entrySet().stream()
                    .map(p -> p.getKey() + "=" + URLEncoder.encode(p.getValue(), StandardCharsets.UTF_8))
                    .collect(Collectors.joining("&"));
            return TestRequest.post(
                    HmacSenders.webhook(keys),
                    "application/x-www-form-urlencoded; charset=utf-8",
                    Map.of(),
                    form.getBytes(StandardCharsets.UTF_8));
        }
    },
    /** The sample is the resource: encrypted with the API v3 key, wrapped, the whole signed with RSA. */
    WECHATPAY("wechatpay-v3", "wechatpay", "CNY") {
        @Override
        public void addValues(Map<String, Object> v, ProviderKeys keys) {
            v.put("mchid", keys.setting("accounts.mchid", "1900000109"));
            v.put("appid", keys.setting("accounts.appid", "wxd678efh567hg6787"));
            v.put("success_time", CHINA.format(Instant.parse(String.valueOf(v.get("occurred_at")))));
        }

        @Override
        public TestRequest request(String type, String filled, Map<String, Object> values, ProviderKeys keys) {
            String original = type.startsWith("REFUND.") ? "refund" : "transaction";
            String nonce = random(12);
            Map<String, Object> resource = new LinkedHashMap<>();
            resource.put("original_type", original);
            resource.put("algorithm", "AEAD_AES_256_GCM");
            resource.put("ciphertext", encrypt(keys.secret("api-v3-key"), nonce, original, filled));
            resource.put("associated_data", original);
            resource.put("nonce", nonce);
            Map<String, Object> notification = new LinkedHashMap<>();
            notification.put("id", values.get("event_id"));
            notification.put("create_time", values.get("success_time"));
            notification.put("resource_type", "encrypt-resource");
            notification.put("event_type", type);
            notification.put("summary", "Payhook sample");
            notification.put("resource", resource);
            byte[] body = JsonMapper.shared().writeValueAsBytes(notification);
            Map<String, String> h = WechatPaySignature.sign(
                    keys.privateKey(), serial(keys), Instant.now().getEpochSecond(), random(32), body);
            return TestRequest.post(HmacSenders.webhook(keys), "application/json", h, body);
        }
    },
    /** SHA256withRSA over the transmission's id, time, webhook id and the body's CRC (its scheme's text). */
    PAYPAL("paypal-cert", "paypal", "USD") {
        @Override
        public TestRequest request(String type, String filled, Map<String, Object> values, ProviderKeys keys) {
            byte[] body = filled.getBytes(StandardCharsets.UTF_8);
            String webhookId = keys.setting("webhook-id", null);
            if (webhookId == null) {
                throw new SendFailure(
                        "payhook.providers." + keys.provider() + ".webhook-id is not set; PayPal signs it",
                        "set PAYPAL_WEBHOOK_ID, or start bin/payhook --dev");
            }
            Map<String, String> h = PaypalSignature.sign(
                    keys.privateKey(),
                    "https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-payhook-dev",
                    UUID.randomUUID().toString(),
                    Instant.now(),
                    webhookId,
                    body);
            return TestRequest.post(HmacSenders.webhook(keys), "application/json", h, body);
        }
    };

    private static final DateTimeFormatter BEIJING =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.ofHours(8));
    private static final DateTimeFormatter CHINA =
            DateTimeFormatter.ISO_OFFSET_DATE_TIME.withZone(ZoneOffset.ofHours(8));

    private final String name;
    private final String kind;
    private final String currency;

    KeySenders(String name, String kind, String currency) {
        this.name = name;
        this.kind = kind;
        this.currency = currency;
    }

    @Override
    public Scheme scheme() {
        return new Scheme(name, kind, currency);
    }

    /** The serial the gateway files its WeChat Pay platform key under: the first configured. */
    static String serial(ProviderKeys keys) {
        return keys.map("platform-keys").keySet().stream()
                .map(s -> keys.env().resolvePlaceholders(s))
                .filter(s -> !s.isBlank())
                .findFirst()
                .orElseThrow(() -> new SendFailure(
                        "payhook.providers." + keys.provider() + ".platform-keys names no serial",
                        "set WECHATPAY_SERIAL and WECHATPAY_PLATFORM_PUBLIC_KEY, or start bin/payhook --dev"));
    }

    static String encrypt(String apiV3Key, String nonce, String associated, String plaintext) {
        try {
            return WechatPayResource.encrypt(apiV3Key, nonce, associated, plaintext);
        } catch (GeneralSecurityException e) {
            throw new SendFailure(
                    "cannot encrypt with the API v3 key: " + e.getMessage(),
                    "payhook.providers.wechatpay.api-v3-key must be the 32-character key");
        }
    }

    static String random(int length) {
        return UUID.randomUUID().toString().replace("-", "").substring(0, Math.min(length, 32));
    }
}
