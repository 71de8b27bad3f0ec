package dev.payhook.provider;

import java.nio.charset.StandardCharsets;

/**
 * What one answer of a provider's API said about one payment or event: {@code kind} tells how its
 * bytes read ({@link #EVENT}: a feed event, read like the webhook of the same event), {@code body}
 * holds the response bytes as received.
 */
public record Fact(String kind, byte[] body) {

    /** A feed event: the same JSON as the webhook of the same event, read by the provider's format. */
    public static final String EVENT = "event";

    /**
     * A payer's browser return whose signature verified, kept as evidence and read by the provider's
     * format like a notification: a hint that names the order, never proof that it was paid.
     */
    public static final String RETURN = "return";

    /**
     * Several responses about one payment kept together, each byte for byte as received (so a
     * signature over one of them still checks): {@code {"name": response, ...}}. Each part must be
     * a JSON document, as the APIs answer.
     */
    public static Fact composite(String kind, String[] names, byte[][] parts) {
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i < names.length; i++) {
            json.append(i == 0 ? "" : ",").append('"').append(names[i]).append("\":");
            json.append(new String(parts[i], StandardCharsets.UTF_8));
        }
        return new Fact(kind, json.append('}').toString().getBytes(StandardCharsets.UTF_8));
    }
}
