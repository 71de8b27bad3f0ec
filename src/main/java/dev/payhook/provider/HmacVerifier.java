package dev.payhook.provider;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;

/**
 * The one HMAC-SHA256 check of the schemes whose provider shares a secret with us (Stripe, Paddle,
 * Standard Webhooks, Adyen). Each scheme configures how its secrets decode to keys and how its
 * signatures are written, and reads off each request what was signed and the signatures offered:
 * every signed text must be matched by one of its signatures under one of the keys (several keys
 * while a secret is rotated, several signatures while the provider rotates its own).
 */
public final class HmacVerifier {

    /** How a provider writes a signature. */
    public enum Encoding {
        HEX,
        BASE64
    }

    /** A secret as the provider hands it out, used as its UTF-8 bytes (Stripe, Paddle). */
    public static final Function<String, byte[]> UTF8 = s -> s.getBytes(StandardCharsets.UTF_8);

    /**
     * One text a request signs: {@code prefix}, followed by the raw body as received when
     * {@code withBody}, and the signatures the request offers for it.
     */
    public record Signed(String prefix, boolean withBody, List<String> signatures) {}

    private final List<byte[]> keys;
    private final Encoding encoding;

    /**
     * {@code secrets} as configured, without blanks; {@code decodeKey} throws
     * {@link IllegalStateException} naming the setting for a secret it cannot read.
     */
    public HmacVerifier(List<String> secrets, Function<String, byte[]> decodeKey, Encoding encoding) {
        this.keys = secrets.stream().map(decodeKey).toList();
        this.encoding = encoding;
    }

    /** Refuses the request ({@code signature_mismatch}) unless each of {@code texts} has a matching signature. */
    public void verify(WebhookRequest request, List<Signed> texts) {
        for (Signed text : texts) {
            if (!matches(request, text)) {
                throw new WebhookRejected("signature_mismatch");
            }
        }
    }

    private boolean matches(WebhookRequest request, Signed text) {
        byte[] body = text.withBody() ? request.body() : new byte[0];
        for (byte[] key : keys) {
            byte[] expected = Signatures.hmacSha256(key, text.prefix(), body);
            for (String candidate : text.signatures()) {
                boolean match = encoding == Encoding.HEX
                        ? Signatures.matchesHex(expected, candidate)
                        : Signatures.matchesBase64(expected, candidate);
                if (match) {
                    return true;
                }
            }
        }
        return false;
    }
}
