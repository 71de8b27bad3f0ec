package dev.payhook.provider.adyen;

import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Set;

/**
 * Adyen's standard notifications: a batch of items, each with its own HMAC. Every item is verified
 * (one bad item refuses the whole batch). Optional HTTP basic auth is checked first. Adyen's answer
 * is {@code [accepted]}.
 */
final class AdyenSignature implements SignatureScheme {

    private static final String AUTHORIZATION = "authorization";

    private final AdyenHmac hmac;
    private final byte[] basicAuth;

    AdyenSignature(AdyenSettings settings) {
        this.hmac = new AdyenHmac(settings.present());
        String user = settings.getBasicAuthUsername();
        this.basicAuth = user.isBlank()
                ? null
                : ("Basic "
                                + Base64.getEncoder()
                                        .encodeToString((user + ":" + settings.getBasicAuthPassword())
                                                .getBytes(StandardCharsets.UTF_8)))
                        .getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Set<String> headerNames() {
        return Set.of();
    }

    @Override
    public Set<String> secretHeaderNames() {
        return Set.of(AUTHORIZATION);
    }

    @Override
    public void verify(WebhookRequest request) {
        if (basicAuth != null) {
            String given = request.header(AUTHORIZATION);
            if (given == null || !MessageDigest.isEqual(basicAuth, given.trim().getBytes(StandardCharsets.UTF_8))) {
                throw new WebhookRejected("basic_auth_mismatch");
            }
        }
        AdyenNotification n;
        try {
            n = AdyenNotification.parse(request.body());
        } catch (UnparseablePayload e) {
            throw new WebhookRejected("malformed_notification");
        }
        for (AdyenNotification.Item item : n.items()) {
            String signature =
                    item.additionalData() == null ? null : item.additionalData().get("hmacSignature");
            if (signature == null || signature.isBlank()) {
                throw new WebhookRejected("missing_hmac_signature");
            }
            if (!hmac.matches(item, signature)) {
                throw new WebhookRejected("signature_mismatch");
            }
        }
    }

    @Override
    public Acknowledgement ack() {
        return Acknowledgement.text(200, "[accepted]");
    }
}
