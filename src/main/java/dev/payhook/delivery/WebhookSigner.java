package dev.payhook.delivery;

import dev.payhook.config.WebhookSecret;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
                .map(s -> keyed(new SecretKeySpec(WebhookSecret.key(s), "HmacSHA256")))
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

    /**
     * The three headers of one attempt, in order: {@code webhook-id} (the same on every attempt),
     * {@code webhook-timestamp} and {@code webhook-signature} (this attempt's).
     */
    Map<String, String> headers(String id, long timestamp, byte[] body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("webhook-id", id);
        headers.put("webhook-timestamp", Long.toString(timestamp));
        headers.put("webhook-signature", sign(id, timestamp, body));
        return headers;
    }

    /** The {@code webhook-signature} header's value for this attempt. */
    private String sign(String id, long timestamp, byte[] body) {
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
