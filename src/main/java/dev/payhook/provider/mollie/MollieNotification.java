package dev.payhook.provider.mollie;

import dev.payhook.provider.UnparseablePayload;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Mollie's payment webhook (https://docs.mollie.com/reference/webhooks): a form body holding only
 * {@code id}, the payment's id; a refund or chargeback is notified by its payment's id too.
 */
record MollieNotification(String paymentId) {

    /** Mollie's ids: a short resource prefix, an underscore, letters and digits ({@code tr_WDqYK6vllg}). */
    private static final Pattern ID = Pattern.compile("[a-z]{2,4}_[A-Za-z0-9]{1,64}");

    static MollieNotification parse(byte[] body) {
        String form = new String(body, StandardCharsets.UTF_8).trim();
        if (!form.startsWith("id=") || form.indexOf('&') >= 0) {
            throw new UnparseablePayload("not a Mollie notification: the body is not id=<payment id>");
        }
        String id = URLDecoder.decode(form.substring(3), StandardCharsets.UTF_8);
        if (!ID.matcher(id).matches()) {
            throw new UnparseablePayload("not a Mollie notification: the id is not a Mollie id");
        }
        return new MollieNotification(id);
    }
}
