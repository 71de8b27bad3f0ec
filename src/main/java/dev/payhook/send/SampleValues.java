package dev.payhook.send;

import dev.payhook.provider.Money;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a sample's {@code {{placeholders}}} are filled with: one event about one order, under the
 * names every sample shares. A provider's sender adds the few only its samples name.
 */
public final class SampleValues {

    private SampleValues() {}

    public static Map<String, Object> of(
            String eventId, String paymentId, String orderId, long amount, String currency, Instant at) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("event_id", eventId);
        v.put("payment_id", paymentId);
        v.put("order_id", orderId);
        v.put("refund_id", "re_" + eventId);
        v.put("amount", amount);
        v.put("amount_major", Money.toMajor(amount, currency));
        v.put("currency", currency);
        v.put("currency_lower", currency.toLowerCase(Locale.ROOT));
        v.put("created", at.getEpochSecond());
        // a subscription's: one per order, its period a month from now
        v.put("subscription_id", "sub_" + orderId);
        Instant periodEnd = at.plus(java.time.Duration.ofDays(30));
        v.put("period_end", periodEnd.getEpochSecond());
        v.put("period_end_at", periodEnd.toString());
        v.put("occurred_at", at.toString());
        return v;
    }

    /** {@code text} with each {@code {{name}}} replaced; one left unfilled is a mistake in the sample. */
    public static String fill(String text, Map<String, Object> values, String name) {
        String filled = text;
        for (Map.Entry<String, Object> e : values.entrySet()) {
            filled = filled.replace("{{" + e.getKey() + "}}", String.valueOf(e.getValue()));
        }
        int open = filled.indexOf("{{");
        if (open >= 0) {
            int close = filled.indexOf("}}", open);
            throw new IllegalArgumentException(name + " names "
                    + filled.substring(open, close < 0 ? filled.length() : close + 2) + ", which nothing fills");
        }
        return filled;
    }
}
