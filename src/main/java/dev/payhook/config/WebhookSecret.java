package dev.payhook.config;

import java.util.Base64;

/**
 * A Standard Webhooks secret as configured for a sender, an HTTP endpoint or a branch: {@code whsec_}
 * followed by the base64 of the key (https://www.standardwebhooks.com).
 */
public final class WebhookSecret {

    private WebhookSecret() {}

    /** The key of a {@code whsec_<base64>} secret; IllegalArgumentException when it is not base64. */
    public static byte[] key(String secret) {
        String trimmed = secret.trim();
        return Base64.getDecoder()
                .decode(trimmed.startsWith("whsec_") ? trimmed.substring("whsec_".length()) : trimmed);
    }

    /** Whether the secret holds a key at all. */
    public static boolean decodes(String secret) {
        try {
            return key(secret).length > 0;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
