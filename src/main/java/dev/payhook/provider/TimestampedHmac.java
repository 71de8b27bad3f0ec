package dev.payhook.provider;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The scheme Stripe and Paddle share: one header of {@code key=value} pairs holding a Unix timestamp and
 * one or more hex HMAC-SHA256 signatures of {@code timestamp + joiner + raw body}; any signature made
 * with any configured secret passes (rotation). Each gives its own success answer.
 */
public final class TimestampedHmac implements SignatureScheme {

    private final String header;
    private final String pairSeparator;
    private final String timestampKey;
    private final String signatureKey;
    private final String joiner;
    private final HmacSecrets secrets;
    private final HmacVerifier verifier;
    private final Clock clock;
    private final Acknowledgement ack;

    public TimestampedHmac(
            String header,
            String pairSeparator,
            String timestampKey,
            String signatureKey,
            String joiner,
            HmacSecrets secrets,
            Clock clock,
            Acknowledgement ack) {
        this.header = header;
        this.pairSeparator = pairSeparator;
        this.timestampKey = timestampKey;
        this.signatureKey = signatureKey;
        this.joiner = joiner;
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
        for (String part : Signatures.required(request, header).split(pairSeparator, -1)) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String key = part.substring(0, eq).trim();
            String value = part.substring(eq + 1).trim();
            if (key.equals(timestampKey)) {
                if (timestamp != null) {
                    // two timestamps: which one was signed is anyone's guess
                    throw new WebhookRejected("malformed_signature_header");
                }
                timestamp = value;
            } else if (key.equals(signatureKey)) {
                candidates.add(value);
            }
        }
        if (timestamp == null || candidates.isEmpty()) {
            throw new WebhookRejected("malformed_signature_header");
        }
        Signatures.requireFresh(timestamp, clock, secrets.tolerance());
        verifier.verify(request, List.of(new HmacVerifier.Signed(timestamp + joiner, true, candidates)));
    }
}
