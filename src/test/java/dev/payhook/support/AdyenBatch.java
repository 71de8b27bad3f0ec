package dev.payhook.support;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Adyen standard notification batches as Adyen writes and signs them (fixture adyen/item.json). */
public final class AdyenBatch {

    private AdyenBatch() {}

    /** One item of a batch: its fields and the key that signs it (null: no signature). */
    public record Item(Map<String, Object> fields, String key) {
        public String eventId() {
            return fields.get("psp_reference") + ":" + fields.get("event_code") + ":" + fields.get("success");
        }
    }

    public static Item item(
            String psp,
            String original,
            String order,
            long amount,
            String currency,
            String code,
            String success,
            Instant at) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("psp_reference", psp);
        f.put("original_reference", original);
        f.put("order_id", order);
        f.put("amount", amount);
        f.put("currency", currency);
        f.put("event_code", code);
        f.put("success", success);
        f.put("occurred_at", OffsetDateTime.ofInstant(at, ZoneOffset.ofHours(1)).toString());
        f.put("merchant_account", "PayhookTestMerchant");
        return new Item(f, GatewayTest.ADYEN_KEY);
    }

    public static byte[] batch(String live, List<Item> items) {
        StringBuilder json = new StringBuilder("{\n  \"live\": \"" + live + "\",\n  \"notificationItems\": [\n");
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            Map<String, Object> values = new LinkedHashMap<>(item.fields());
            String signed = String.join(
                    ":",
                    String.valueOf(values.get("psp_reference")),
                    String.valueOf(values.get("original_reference")),
                    String.valueOf(values.get("merchant_account")),
                    String.valueOf(values.get("order_id")),
                    String.valueOf(values.get("amount")),
                    String.valueOf(values.get("currency")),
                    String.valueOf(values.get("event_code")),
                    String.valueOf(values.get("success")));
            values.put("hmac", item.key() == null ? "" : Signer.adyen(item.key(), signed));
            json.append(new String(Fixtures.load("adyen/item.json", values), StandardCharsets.UTF_8).stripTrailing());
            json.append(i < items.size() - 1 ? ",\n" : "\n");
        }
        return json.append("  ]\n}\n").toString().getBytes(StandardCharsets.UTF_8);
    }
}
