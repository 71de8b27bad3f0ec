package dev.payhook.provider.imepay;

import dev.payhook.provider.Money;
import dev.payhook.provider.ReturnFormat;
import dev.payhook.provider.UnparseablePayload;
import java.nio.charset.StandardCharsets;

/**
 * IME Pay's browser return (checkout {@code Method=GET}): the decoded {@code data} is
 * {@code ResponseCode|ResponseDescription|Msisdn|TransactionId|RefId|TranAmount|TokenId}. RefId is
 * our order id; TokenId names the payment from the token the merchant asked for it.
 */
record ImepayReturn(
        String responseCode, String msisdn, String transactionId, String refId, String amount, String tokenId) {

    static ImepayReturn parse(byte[] data) {
        String[] f = new String(data, StandardCharsets.UTF_8).split("\\|", -1);
        if (f.length != 7) {
            throw new UnparseablePayload("an IME Pay return has 7 fields separated by |, this one " + f.length);
        }
        ImepayReturn back =
                new ImepayReturn(f[0].trim(), f[2].trim(), f[3].trim(), f[4].trim(), f[5].trim(), f[6].trim());
        if (!back.responseCode.matches("\\d{1,3}") || back.refId.isEmpty() || back.tokenId.isEmpty()) {
            throw new UnparseablePayload("the return's ResponseCode, RefId or TokenId is missing or malformed");
        }
        back.amountMinor();
        return back;
    }

    long amountMinor() {
        return Money.fromMajor(amount, "NPR");
    }

    /** IME Pay's own word that the payment went through (to be confirmed by its API). */
    boolean saysPaid() {
        return "0".equals(responseCode);
    }

    /** The token is the payment: the only id IME Pay's Recheck API asks by. */
    ReturnFormat.Said said() {
        return new ReturnFormat.Said(tokenId, responseCode, refId, amountMinor(), "NPR");
    }
}
