package dev.payhook.send;

import dev.payhook.config.WebhookSecret;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Providers that sign with a secret both sides hold: HMAC-SHA256, each over its own text. */
enum HmacSenders implements Sender {
    STRIPE("stripe", "stripe", "USD") {
        @Override
        Map<String, String> sign(byte[] body, Map<String, Object> values, ProviderKeys keys) {
            long t = now();
            return Map.of("Stripe-Signature", "t=" + t + ",v1=" + Hmac.hex(keys.secret("secrets"), t + ".", body));
        }
    },
    PADDLE("paddle", "paddle", "USD") {
        @Override
        Map<String, String> sign(byte[] body, Map<String, Object> values, ProviderKeys keys) {
            long t = now();
            return Map.of("Paddle-Signature", "ts=" + t + ";h1=" + Hmac.hex(keys.secret("secrets"), t + ":", body));
        }
    },
    STANDARD_WEBHOOKS("standard-webhooks", "dodo", "USD") {
        @Override
        public void addValues(Map<String, Object> v, ProviderKeys keys) {
            v.put("business_id", first(keys, "accounts.business-id", "bus_T3stBusiness"));
        }

        @Override
        Map<String, String> sign(byte[] body, Map<String, Object> values, ProviderKeys keys) {
            byte[] key = WebhookSecret.key(keys.secret("secrets"));
            String id = String.valueOf(values.get("event_id"));
            long t = now();
            Map<String, String> h = new LinkedHashMap<>();
            h.put("webhook-id", id);
            h.put("webhook-timestamp", Long.toString(t));
            h.put(
                    "webhook-signature",
                    "v1," + Base64.getEncoder().encodeToString(Hmac.sha256(key, id + "." + t + ".", body)));
            return h;
        }
    },
    RAZORPAY("razorpay", "razorpay", "INR") {
        @Override
        public void addValues(Map<String, Object> v, ProviderKeys keys) {
            v.put("account_id", first(keys, "accounts.account-id", "acc_T3stAccount01"));
        }

        @Override
        Map<String, String> sign(byte[] body, Map<String, Object> values, ProviderKeys keys) {
            return Map.of(
                    "X-Razorpay-Signature", Hmac.hex(keys.secret("secrets"), "", body),
                    "X-Razorpay-Event-Id", String.valueOf(values.get("event_id")));
        }
    },
    /** Adyen signs each notification item inside the body (the sample's {{hmac}}); basic auth optional. */
    ADYEN("adyen-hmac", "adyen", "EUR") {
        /** An Adyen notification has no id of its own: the gateway makes one of its fields. */
        @Override
        public boolean keepsEventId() {
            return false;
        }

        @Override
        public void addValues(Map<String, Object> v, ProviderKeys keys) {
            String account = first(keys, "accounts.merchant-account", "PayhookTestMerchant");
            v.put("merchant_account", account);
            // a modification or dispute sample gives its own pspReference and names the payment
            v.putIfAbsent("psp_reference", v.get("payment_id"));
            v.putIfAbsent("original_reference", "");
            v.putIfAbsent("success", "true");
            v.put(
                    "hmac",
                    itemHmac(
                            keys,
                            v.get("psp_reference"),
                            v.get("original_reference"),
                            account,
                            v.get("order_id"),
                            v.get("amount"),
                            v.get("currency"),
                            v.get("type"),
                            v.get("success")));
        }

        /** A notification of one's own: each item signed in its additionalData.hmacSignature, as Adyen does. */
        @Override
        public TestRequest ownBody(String type, String body, Map<String, Object> values, ProviderKeys keys) {
            JsonNode notification = JsonMapper.shared().readTree(body);
            for (JsonNode wrapper : notification.path("notificationItems")) {
                JsonNode item = wrapper.path("NotificationRequestItem");
                if (!(item instanceof ObjectNode signed)) {
                    continue;
                }
                String hmac = itemHmac(
                        keys,
                        item.path("pspReference").asString(""),
                        item.path("originalReference").asString(""),
                        item.path("merchantAccountCode").asString(""),
                        item.path("merchantReference").asString(""),
                        item.path("amount").path("value").asString(""),
                        item.path("amount").path("currency").asString(""),
                        item.path("eventCode").asString(""),
                        item.path("success").asString(""));
                JsonNode data = signed.path("additionalData");
                (data instanceof ObjectNode o ? o : signed.putObject("additionalData")).put("hmacSignature", hmac);
            }
            return request(type, JsonMapper.shared().writeValueAsString(notification), values, keys);
        }

        /** Adyen's HMAC of an item: its eight fields, colon-joined, keyed with the hex key. */
        private static String itemHmac(ProviderKeys keys, Object... fields) {
            String signed = Arrays.stream(fields).map(String::valueOf).collect(Collectors.joining(":"));
            return Hmac.base64(HexFormat.of().parseHex(keys.secret("secrets")), signed);
        }

        @Override
        Map<String, String> sign(byte[] body, Map<String, Object> values, ProviderKeys keys) {
            String user = keys.setting("basic-auth-username", null);
            if (user == null) {
                return Map.of();
            }
            byte[] pair = (user + ":" + keys.setting("basic-auth-password", "")).getBytes(StandardCharsets.UTF_8);
            return Map.of("Authorization", "Basic " + Base64.getEncoder().encodeToString(pair));
        }
    };

    static final String JSON = "application/json";

    private final String name;
    private final String kind;
    private final String currency;

    HmacSenders(String name, String kind, String currency) {
        this.name = name;
        this.kind = kind;
        this.currency = currency;
    }

    /** The headers that carry its signature of {@code body}. */
    abstract Map<String, String> sign(byte[] body, Map<String, Object> values, ProviderKeys keys);

    @Override
    public TestRequest request(String type, String filled, Map<String, Object> values, ProviderKeys keys) {
        byte[] body = filled.getBytes(StandardCharsets.UTF_8);
        return TestRequest.post(webhook(keys), JSON, sign(body, values, keys), body);
    }

    @Override
    public Scheme scheme() {
        return new Scheme(name, kind, currency);
    }

    /** The first of our accounts the setting lists, which the gateway accepts events for; else the samples' own. */
    static String first(ProviderKeys keys, String setting, String sample) {
        return keys.list(setting).stream().findFirst().orElse(sample).strip();
    }

    static String webhook(ProviderKeys keys) {
        return "/webhooks/" + keys.provider();
    }

    static long now() {
        return Instant.now().getEpochSecond();
    }
}
