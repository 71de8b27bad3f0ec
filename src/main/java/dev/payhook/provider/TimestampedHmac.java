package dev.payhook.provider;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The scheme Stripe and Paddle share: one header of {@code key=value} pairs holding a Unix timestamp and
 * one or more hex HMAC-SHA256 signatures of {@code timestamp + joiner + raw body}; any signature made
 * with any configured secret passes (rotation). Each gives its own success answer.
 */
public final class TimestampedHmac implements SignatureScheme {

    /**
     * One provider's way of writing it: the header, the separator between its pairs, the keys of
     * the timestamp and of a signature, and what joins the timestamp to the body in the signed
     * text. What the gateway verifies and what {@code send} signs.
     */
    public record Format(String header, String pairSeparator, String timestampKey, String signatureKey, String joiner) {

        /** The signed text but the body: {@code timestamp + joiner}. */
        String signedPrefix(String timestamp) {
            return timestamp + joiner;
        }

        /** The header's value signing {@code body} at {@code timestamp} with {@code secret}, as the provider writes it. */
        public String sign(String secret, long timestamp, byte[] body) {
            String t = Long.toString(timestamp);
            byte[] mac = Signatures.hmacSha256(HmacVerifier.UTF8.apply(secret), signedPrefix(t), body);
            return timestampKey + "=" + t + pairSeparator + signatureKey + "="
                    + HexFormat.of().formatHex(mac);
        }
    }

    private final Format format;
    private final String header;
    private final HmacSecrets secrets;
    private final HmacVerifier verifier;
    private final Clock clock;
    private final Acknowledgement ack;

    public TimestampedHmac(Format format, HmacSecrets secrets, Clock clock, Acknowledgement ack) {
        this.format = format;
        this.header = format.header().toLowerCase(Locale.ROOT);
        this.secrets = secrets;
        this.verifier = new HmacVerifier(secrets.present(), HmacVerifier.UTF8, HmacVerifier.Encoding.HEX);
        this.clock = clock;
        this.ack = ack;
    }

    @Override
    public Acknowledgement ack() {
        return ack;
    }

    @Override
    public Set<String> headerNames() {
        return Set.of(header);
    }

    @Override
    public void verify(WebhookRequest request) {
        String timestamp = null;
        List<String> candidates = new ArrayList<>();
        for (String part : Signatures.required(request, header).split(format.pairSeparator(), -1)) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String key = part.substring(0, eq).trim();
            String value = part.substring(eq + 1).trim();
            if (key.equals(format.timestampKey())) {
                if (timestamp != null) {
                    // two timestamps: which one was signed is anyone's guess
                    throw new WebhookRejected("malformed_signature_header");
                }
                timestamp = value;
            } else if (key.equals(format.signatureKey())) {
                candidates.add(value);
            }
        }
        if (timestamp == null || candidates.isEmpty()) {
            throw new WebhookRejected("malformed_signature_header");
        }
        Signatures.requireFresh(timestamp, clock, secrets.tolerance());
        verifier.verify(request, List.of(new HmacVerifier.Signed(format.signedPrefix(timestamp), true, candidates)));
    }
}
