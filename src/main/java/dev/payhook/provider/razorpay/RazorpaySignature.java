package dev.payhook.provider.razorpay;

import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.HmacVerifier;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.Signatures;
import dev.payhook.provider.WebhookRequest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Razorpay signs the raw body alone, hex HMAC-SHA256 with the webhook secret
 * (https://razorpay.com/docs/webhooks/validate-test/). It signs no time, so there is no replay
 * window: a replayed body is the same payment, refund or dispute, and its effects are keyed on
 * those ids, so it changes nothing, whatever {@code x-razorpay-event-id} (unsigned) it carries.
 */
public final class RazorpaySignature implements SignatureScheme {

    static final String HEADER = "x-razorpay-signature";
    /** Razorpay's id of the event, the same on every retry of it: the notification's event id. */
    static final String EVENT_ID = "x-razorpay-event-id";

    private final HmacVerifier verifier;

    RazorpaySignature(HmacSecrets secrets) {
        this.verifier = new HmacVerifier(secrets.present(), HmacVerifier.UTF8, HmacVerifier.Encoding.HEX);
    }

    /** The headers of notification {@code eventId} signing {@code body} with the webhook secret. */
    public static Map<String, String> sign(String secret, String eventId, byte[] body) {
        byte[] mac = Signatures.hmacSha256(HmacVerifier.UTF8.apply(secret), "", body);
        return Map.of(HEADER, HexFormat.of().formatHex(mac), EVENT_ID, eventId);
    }

    @Override
    public Set<String> headerNames() {
        return Set.of(HEADER, EVENT_ID);
    }

    @Override
    public void verify(WebhookRequest request) {
        String signature = Signatures.required(request, HEADER).trim();
        verifier.verify(request, List.of(new HmacVerifier.Signed("", true, List.of(signature))));
        // Razorpay sends it with every notification: without it a retry could not be told from a new event
        Signatures.required(request, EVENT_ID);
    }
}
