package dev.payhook.provider.adyen;

import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.HmacVerifier;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.Signatures;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Adyen's standard notifications: a batch of items, each with its own HMAC. Every item is verified
 * (one bad item refuses the whole batch). Optional HTTP basic auth is checked first. Adyen's answer
 * is {@code [accepted]}.
 */
public final class AdyenSignature implements SignatureScheme {

    private static final String AUTHORIZATION = "authorization";

    private final HmacVerifier verifier;
    private final byte[] basicAuth;

    AdyenSignature(AdyenSettings settings) {
        this.verifier = new HmacVerifier(settings.present(), HexFormat.of()::parseHex, HmacVerifier.Encoding.BASE64);
        String user = settings.basicAuthUsername();
        this.basicAuth = user.isBlank()
                ? null
                : ("Basic "
                                + Base64.getEncoder()
                                        .encodeToString((user + ":" + settings.basicAuthPassword())
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
        List<HmacVerifier.Signed> items = new ArrayList<>();
        for (AdyenNotification.Item item : n.items()) {
            String signature =
                    item.additionalData() == null ? null : item.additionalData().get("hmacSignature");
            if (signature == null || signature.isBlank()) {
                throw new WebhookRejected("missing_hmac_signature");
            }
            items.add(new HmacVerifier.Signed(signedText(item), false, List.of(signature)));
        }
        verifier.verify(request, items);
    }

    /**
     * {@code notification} with each item signed as Adyen signs it, with the hex {@code key};
     * throws {@link UnparseablePayload} for a body that is not a notification with items.
     */
    public static byte[] sign(String key, byte[] notification) {
        List<AdyenNotification.Item> items =
                AdyenNotification.parse(notification).items();
        JsonNode tree = JsonMapper.shared().readTree(notification);
        byte[] hmacKey = HexFormat.of().parseHex(key);
        int i = 0;
        for (JsonNode wrapper : tree.path("notificationItems")) {
            ObjectNode item = (ObjectNode) wrapper.path("NotificationRequestItem");
            byte[] mac = Signatures.hmacSha256(hmacKey, signedText(items.get(i++)), new byte[0]);
            JsonNode data = item.path("additionalData");
            (data instanceof ObjectNode o ? o : item.putObject("additionalData"))
                    .put("hmacSignature", Base64.getEncoder().encodeToString(mac));
        }
        return JsonMapper.shared().writeValueAsBytes(tree);
    }

    /**
     * HMAC-SHA256 with the hex-decoded key over
     * {@code pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success},
     * base64, in {@code additionalData.hmacSignature}. Absent fields are empty strings.
     */
    private static String signedText(AdyenNotification.Item i) {
        AdyenNotification.Amount a = i.amount();
        return String.join(
                ":",
                text(i.pspReference()),
                text(i.originalReference()),
                text(i.merchantAccountCode()),
                text(i.merchantReference()),
                a == null || a.value() == null ? "" : a.value().toString(),
                a == null ? "" : text(a.currency()),
                text(i.eventCode()),
                text(i.success()));
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }

    @Override
    public Acknowledgement ack() {
        return Acknowledgement.text(200, "[accepted]");
    }
}
