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
public record TimestampedHmac(
        String header,
        String pairSeparator,
        String timestampKey,
        String signatureKey,
        String joiner,
        HmacSecrets secrets,
        HmacVerifier verifier,
        Clock clock,
        Acknowledgement ack)
        implements SignatureScheme {

    public TimestampedHmac(
            String header,
            String pairSeparator,
            String timestampKey,
            String signatureKey,
            String joiner,
            HmacSecrets secrets,
            Clock clock,
            Acknowledgement ack) {
        this(
                header,
                pairSeparator,
                timestampKey,
                signatureKey,
                joiner,
                secrets,
                new HmacVerifier(secrets, HmacVerifier.UTF8, HmacVerifier.Encoding.HEX),
                clock,
                ack);
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
