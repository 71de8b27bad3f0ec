package dev.payhook.provider.esewa;

import dev.payhook.provider.Signatures;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * eSewa's return signature (ePay v2): base64 HMAC-SHA256 with the merchant's secret key over
 * {@code name=value} pairs joined by {@code ,}, in the order {@code signed_field_names} lists them.
 * Every field Payhook reads must be among the signed ones: an unsigned one could say anything.
 */
public final class EsewaSignature {

    static final List<String> READ = List.of("status", "total_amount", "transaction_uuid", "product_code");

    private EsewaSignature() {}

    static void verify(byte[] body, byte[] secret) {
        Map<String, String> fields;
        try {
            fields = EsewaFields.parse(body);
        } catch (UnparseablePayload e) {
            throw new WebhookRejected("malformed_return");
        }
        String signature = fields.get("signature");
        String names = fields.get("signed_field_names");
        if (signature == null || names == null || names.isBlank()) {
            throw new WebhookRejected("missing_signature");
        }
        List<String> signed = signedNames(names);
        if (!signed.containsAll(READ) || !signed.stream().allMatch(fields::containsKey)) {
            throw new WebhookRejected("unsigned_fields");
        }
        if (!Signatures.matchesBase64(mac(secret, signed, fields), signature.trim())) {
            throw new WebhookRejected("invalid_signature");
        }
    }

    private static byte[] mac(byte[] secret, List<String> names, Map<String, String> fields) {
        String message = names.stream().map(n -> n + "=" + fields.get(n)).collect(Collectors.joining(","));
        return Signatures.hmacSha256(secret, "", message.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The {@code signature} of a return's {@code fields}, over those its {@code signed_field_names}
     * lists, with the merchant's {@code secret}, as eSewa signs it.
     */
    public static String sign(String secret, Map<String, String> fields) {
        List<String> names = signedNames(fields.get("signed_field_names"));
        return Base64.getEncoder().encodeToString(mac(secret.getBytes(StandardCharsets.UTF_8), names, fields));
    }

    /** The fields a return signs, in its order: its {@code signed_field_names}, comma-separated. */
    private static List<String> signedNames(String names) {
        return Arrays.stream(names.split(",", -1)).map(String::trim).toList();
    }
}
