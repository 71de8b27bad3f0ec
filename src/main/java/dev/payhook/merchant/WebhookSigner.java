package dev.payhook.merchant;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com), so that any of its libraries
 * verifies a delivery: {@code v1,<base64 HMAC-SHA256(key, id.timestamp.body)>} for each secret,
 * space-separated, the key being the base64 after {@code whsec_}. Several secrets sign alike while
 * a merchant rotates them.
 */
final class WebhookSigner {

    private final List<SecretKeySpec> keys;

    WebhookSigner(List<String> secrets) {
        this.keys = secrets.stream()
                .filter(s -> s != null && !s.isBlank())
                .map(s -> new SecretKeySpec(key(s), "HmacSHA256"))
                .toList();
    }

    /** The key of a {@code whsec_<base64>} secret; IllegalArgumentException when it is not base64. */
    static byte[] key(String secret) {
        String trimmed = secret.trim();
        return Base64.getDecoder()
                .decode(trimmed.startsWith("whsec_") ? trimmed.substring("whsec_".length()) : trimmed);
    }

    /** The {@code webhook-signature} header's value for this attempt. */
    String sign(String id, long timestamp, byte[] body) {
        byte[] prefix = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        return keys.stream()
                .map(key -> "v1," + Base64.getEncoder().encodeToString(hmac(key, prefix, body)))
                .collect(Collectors.joining(" "));
    }

    private static byte[] hmac(SecretKeySpec key, byte[] prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(prefix);
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
