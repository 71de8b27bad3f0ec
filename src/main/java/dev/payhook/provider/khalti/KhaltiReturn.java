package dev.payhook.provider.khalti;

import dev.payhook.provider.Money;
import dev.payhook.provider.ReturnFormat;
import dev.payhook.provider.UnparseablePayload;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Khalti's browser return (https://docs.khalti.com/khalti-epayment/): the query of the merchant's
 * {@code return_url}, {@code pidx}, {@code status}, {@code purchase_order_id} (our order id),
 * {@code total_amount} (paisa) and more, as the form the ingress made of it. Nothing in it is
 * signed: it names what to ask Khalti about, and the amount to hold against the order.
 */
record KhaltiReturn(String pidx, String status, String orderId, long amountMinor) {

    static KhaltiReturn parse(byte[] form) {
        Map<String, String> fields = new HashMap<>();
        for (String pair : new String(form, StandardCharsets.UTF_8).split("&", -1)) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                try {
                    fields.put(
                            URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                } catch (IllegalArgumentException e) {
                    throw new UnparseablePayload("the return is not form-encoded");
                }
            }
        }
        String pidx = fields.getOrDefault("pidx", "").trim();
        String status = fields.getOrDefault("status", "").trim();
        String orderId = fields.getOrDefault("purchase_order_id", "").trim();
        String amount = fields.getOrDefault("total_amount", fields.getOrDefault("amount", ""))
                .trim();
        if (pidx.isEmpty() || status.isEmpty() || orderId.isEmpty()) {
            throw new UnparseablePayload("a Khalti return names its pidx, status and purchase_order_id");
        }
        return new KhaltiReturn(pidx, status, orderId, Money.fromMinorString(amount));
    }

    /** The {@code pidx} is the payment: the only id Khalti's lookup asks by. */
    ReturnFormat.Said said() {
        return new ReturnFormat.Said(pidx, status, orderId, amountMinor, KhaltiApi.CURRENCY);
    }
}
