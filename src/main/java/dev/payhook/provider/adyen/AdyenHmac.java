package dev.payhook.provider.adyen;

import dev.payhook.provider.Signatures;
import java.util.HexFormat;
import java.util.List;

/**
 * Adyen's per-item HMAC: HMAC-SHA256 with the hex-decoded key over
 * {@code pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success},
 * base64, in {@code additionalData.hmacSignature}. Absent fields are empty strings.
 */
final class AdyenHmac {

    private final List<byte[]> keys;

    AdyenHmac(List<String> hexKeys) {
        this.keys = hexKeys.stream().map(k -> HexFormat.of().parseHex(k.trim())).toList();
    }

    static String signedText(AdyenNotification.Item i) {
        AdyenNotification.Amount a = i.amount();
        return String.join(
                ":",
                text(i.pspReference()),
                text(i.originalReference()),
                text(i.merchantAccountCode()),
                text(i.merchantReference()),
                a == null || a.value() == null ? "" : a.value().toString(),
                a == null ? "" : text(a.currency()),
                text(i.eventCode()),
                text(i.success()));
    }

    /** True when any configured key made {@code signature} over the item. */
    boolean matches(AdyenNotification.Item item, String signature) {
        String text = signedText(item);
        for (byte[] key : keys) {
            if (Signatures.matchesBase64(Signatures.hmacSha256(key, text, new byte[0]), signature)) {
                return true;
            }
        }
        return false;
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
