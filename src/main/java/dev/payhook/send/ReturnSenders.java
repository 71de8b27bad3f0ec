package dev.payhook.send;

import dev.payhook.provider.esewa.EsewaSignature;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Providers with no signed webhook: Mollie's thin notification names a payment the gateway then
 * fetches; eSewa, IME Pay and Khalti send the payer's browser back with what to ask their API about.
 * What the gateway decides depends on that API's answer, not on what {@code send} sends.
 */
enum ReturnSenders implements Sender {
    MOLLIE("mollie", "mollie", "EUR") {
        /** Mollie's ids are a prefix, an underscore, then letters and digits only. */
        @Override
        public String paymentId(String orderId) {
            return "tr_" + orderId.replaceAll("[^A-Za-z0-9]", "");
        }

        @Override
        public TestRequest request(String type, String filled, Map<String, Object> values, ProviderKeys keys) {
            return TestRequest.post(
                    HmacSenders.webhook(keys),
                    "application/x-www-form-urlencoded",
                    Map.of(),
                    filled.getBytes(StandardCharsets.UTF_8));
        }
    },
    /** Its return's data is base64 JSON signed with HMAC-SHA256 over {@code name=value,..}. */
    ESEWA("esewa", "esewa", "NPR") {
        @Override
        public void addValues(Map<String, Object> v, ProviderKeys keys) {
            code(v);
            String product = keys.setting("api.product-code", "EPAYTEST");
            v.put("product_code", product);
            Map<String, String> fields = new LinkedHashMap<>();
            fields.put("transaction_code", String.valueOf(v.get("transaction_code")));
            fields.put("status", String.valueOf(v.get("type")));
            fields.put("total_amount", String.valueOf(v.get("amount_major")));
            fields.put("transaction_uuid", String.valueOf(v.get("order_id")));
            fields.put("product_code", product);
            fields.put("signed_field_names", String.join(",", fields.keySet()) + ",signed_field_names");
            v.put("signature", EsewaSignature.sign(keys.secret("api.secret"), fields));
        }

        @Override
        public TestRequest request(String type, String filled, Map<String, Object> values, ProviderKeys keys) {
            return data(keys, filled);
        }
    },
    /** Its return's data is base64 of seven fields joined by {@code |}. */
    IMEPAY("imepay", "imepay", "NPR") {
        @Override
        public TestRequest request(String type, String filled, Map<String, Object> values, ProviderKeys keys) {
            return data(keys, filled);
        }
    },
    /** Its return is the query of the merchant's return_url, as it is. */
    KHALTI("khalti", "khalti", "NPR") {
        @Override
        public TestRequest request(String type, String filled, Map<String, Object> values, ProviderKeys keys) {
            return TestRequest.get("/returns/" + keys.provider() + "?" + filled.strip());
        }
    };

    private final String name;
    private final String kind;
    private final String currency;

    ReturnSenders(String name, String kind, String currency) {
        this.name = name;
        this.kind = kind;
        this.currency = currency;
    }

    @Override
    public boolean keepsEventId() {
        return false;
    }

    @Override
    public void addValues(Map<String, Object> v, ProviderKeys keys) {
        code(v);
    }

    /** The provider's own transaction code, which these returns carry beside the payment. */
    static void code(Map<String, Object> v) {
        v.put(
                "transaction_code",
                "0" + UUID.randomUUID().toString().substring(0, 6).toUpperCase(Locale.ROOT));
    }

    @Override
    public Scheme scheme() {
        return new Scheme(name, kind, currency);
    }

    private static TestRequest data(ProviderKeys keys, String filled) {
        String data = Base64.getEncoder().encodeToString(filled.strip().getBytes(StandardCharsets.UTF_8));
        return TestRequest.get(
                "/returns/" + keys.provider() + "?data=" + java.net.URLEncoder.encode(data, StandardCharsets.UTF_8));
    }
}
