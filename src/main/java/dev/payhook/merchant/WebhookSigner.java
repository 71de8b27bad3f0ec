package dev.payhook.merchant;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com), so that any of its libraries
 * verifies a delivery: {@code v1,<base64 HMAC-SHA256(key, id.timestamp.body)>} for each secret,
 * space-separated, the key being the base64 after {@code whsec_}. Several secrets sign alike while
 * a merchant rotates them.
 */
final class WebhookSigner {

    /** One keyed MAC per secret, cloned for each signature: looking up and keying a Mac each time cost more than the HMAC. */
    private final List<Mac> keyed;

    WebhookSigner(List<String> secrets) {
        this.keyed = secrets.stream()
                .filter(s -> s != null && !s.isBlank())
                .map(s -> keyed(new SecretKeySpec(key(s), "HmacSHA256")))
                .toList();
    }

    private static Mac keyed(SecretKeySpec key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
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
        StringBuilder header = new StringBuilder();
        for (Mac prototype : keyed) {
            Mac mac = copy(prototype);
            mac.update(prefix);
            header.append(header.isEmpty() ? "" : " ")
                    .append("v1,")
                    .append(Base64.getEncoder().encodeToString(mac.doFinal(body)));
        }
        return header.toString();
    }

    private static Mac copy(Mac prototype) {
        try {
            return (Mac) prototype.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's HmacSHA256 can be cloned", e);
        }
    }
}
