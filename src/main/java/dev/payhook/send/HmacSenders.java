package dev.payhook.send;

import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.adyen.AdyenSignature;
import dev.payhook.provider.paddle.Paddle;
import dev.payhook.provider.razorpay.RazorpaySignature;
import dev.payhook.provider.standardwebhooks.StandardWebhooksSignature;
import dev.payhook.provider.stripe.Stripe;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;

/** Providers that sign with a secret both sides hold: HMAC-SHA256, signed by their scheme's own definition. */
enum HmacSenders implements Sender {
    STRIPE("stripe", "stripe", "USD") {
        @Override
        Map<String, String> sign(byte[] body, Map<String, Object> values, ProviderKeys keys) {
            return Map.of(Stripe.SIGNATURE.header(), Stripe.SIGNATURE.sign(keys.secret("secrets"), now(), body));
        }
    },
    PADDLE("paddle", "paddle", "USD") {
        @Override
        Map<String, String> sign(byte[] body, Map<String, Object> values, ProviderKeys keys) {
            return Map.of(Paddle.SIGNATURE.header(), Paddle.SIGNATURE.sign(keys.secret("secrets"), now(), body));
        }
    },
    STANDARD_WEBHOOKS("standard-webhooks", "dodo", "USD") {
        @Override
        public void addValues(Map<String, Object> v, ProviderKeys keys) {
            v.put("business_id", first(keys, "accounts.business-id", "bus_T3stBusiness"));
        }

        @Override
        Map<String, String> sign(byte[] body, Map<String, Object> values, ProviderKeys keys) {
            return StandardWebhooksSignature.sign(
                    keys.secret("secrets"), String.valueOf(values.get("event_id")), now(), body);
        }
    },
    RAZORPAY("razorpay", "razorpay", "INR") {
        @Override
        public void addValues(Map<String, Object> v, ProviderKeys keys) {
            v.put("account_id", first(keys, "accounts.account-id", "acc_T3stAccount01"));
        }

        @Override
        Map<String, String> sign(byte[] body, Map<String, Object> values, ProviderKeys keys) {
            return RazorpaySignature.sign(keys.secret("secrets"), String.valueOf(values.get("event_id")), body);
        }
    },
    /** Adyen signs each notification item inside the body; basic auth optional. */
    ADYEN("adyen-hmac", "adyen", "EUR") {
        /** An Adyen notification has no id of its own: the gateway makes one of its fields. */
        @Override
        public boolean keepsEventId() {
            return false;
        }

        @Override
        public void addValues(Map<String, Object> v, ProviderKeys keys) {
            v.put("merchant_account", first(keys, "accounts.merchant-account", "PayhookTestMerchant"));
            // a modification or dispute sample gives its own pspReference and names the payment
            v.putIfAbsent("psp_reference", v.get("payment_id"));
            v.putIfAbsent("original_reference", "");
            v.putIfAbsent("success", "true");
        }

        /** A sample or a notification of one's own: each item signed in its additionalData.hmacSignature. */
        @Override
        public TestRequest request(String type, String filled, Map<String, Object> values, ProviderKeys keys) {
            byte[] signed;
            try {
                signed = AdyenSignature.sign(keys.secret("secrets"), filled.getBytes(StandardCharsets.UTF_8));
            } catch (UnparseablePayload e) {
                throw new SendFailure(
                        "the body is not an Adyen notification: " + e.getMessage(),
                        "send {\"live\":\"false\",\"notificationItems\":[{\"NotificationRequestItem\":{...}}]}");
            }
            return TestRequest.post(webhook(keys), JSON, sign(signed, values, keys), signed);
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
