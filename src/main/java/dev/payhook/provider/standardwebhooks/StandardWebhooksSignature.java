package dev.payhook.provider.standardwebhooks;

import dev.payhook.config.WebhookSecret;
import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.HmacVerifier;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.Signatures;
import dev.payhook.provider.WebhookRequest;
import java.time.Clock;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Standard Webhooks scheme (https://www.standardwebhooks.com): base64 HMAC-SHA256 with the
 * base64-decoded {@code whsec_} secret over {@code webhook-id.webhook-timestamp.raw body}.
 */
public final class StandardWebhooksSignature implements SignatureScheme {

    static final String ID = "webhook-id";
    static final String TIMESTAMP = "webhook-timestamp";
    static final String SIGNATURE = "webhook-signature";
    static final Set<String> HEADERS = Set.of(ID, TIMESTAMP, SIGNATURE);

    private final HmacVerifier verifier;
    private final HmacSecrets secrets;
    private final Clock clock;

    StandardWebhooksSignature(String provider, HmacSecrets secrets, Clock clock) {
        this.secrets = secrets;
        this.clock = clock;
        this.verifier =
                new HmacVerifier(secrets.present(), s -> decodeSecret(provider, s), HmacVerifier.Encoding.BASE64);
    }

    private static byte[] decodeSecret(String provider, String secret) {
        try {
            return WebhookSecret.key(secret);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("payhook.providers." + provider
                    + ".secrets: a Standard Webhooks secret is whsec_ followed by base64");
        }
    }

    /** The signed text but the body. */
    private static String signedPrefix(String id, String timestamp) {
        return id + "." + timestamp + ".";
    }

    /** The headers that sign {@code body} as message {@code id} at {@code timestamp} with a {@code whsec_} secret. */
    public static Map<String, String> sign(String secret, String id, long timestamp, byte[] body) {
        String t = Long.toString(timestamp);
        byte[] mac = Signatures.hmacSha256(WebhookSecret.key(secret), signedPrefix(id, t), body);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(ID, id);
        headers.put(TIMESTAMP, t);
        headers.put(SIGNATURE, "v1," + Base64.getEncoder().encodeToString(mac));
        return headers;
    }

    @Override
    public Set<String> headerNames() {
        return HEADERS;
    }

    @Override
    public void verify(WebhookRequest request) {
        String id = Signatures.required(request, ID);
        String timestamp = Signatures.required(request, TIMESTAMP);
        String signatures = Signatures.required(request, SIGNATURE);
        Signatures.requireFresh(timestamp, clock, secrets.tolerance());
        List<String> offered = Arrays.stream(signatures.trim().split(" +", -1))
                .filter(candidate -> candidate.startsWith("v1,"))
                .map(candidate -> candidate.substring(3))
                .toList();
        verifier.verify(request, List.of(new HmacVerifier.Signed(signedPrefix(id, timestamp), true, offered)));
    }
}
