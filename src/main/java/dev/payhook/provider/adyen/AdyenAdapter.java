package dev.payhook.provider.adyen;

import dev.payhook.config.ProviderProperties;
import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.ProviderAdapter;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;

/**
 * Adyen standard notifications: a batch of items, each with its own HMAC. Every item is verified
 * (one bad item refuses the whole batch) and every item becomes an event. Adyen's answer is
 * {@code [accepted]}. Optional HTTP basic auth is checked first.
 */
public class AdyenAdapter implements ProviderAdapter {

    private static final String AUTHORIZATION = "authorization";

    private final String provider;
    private final AdyenHmac hmac;
    private final byte[] basicAuth;

    public AdyenAdapter(String provider, ProviderProperties properties, Clock clock) {
        this.provider = provider;
        this.hmac = new AdyenHmac(properties.presentSecrets());
        String user = properties.getBasicAuthUsername();
        this.basicAuth = user.isBlank()
                ? null
                : ("Basic "
                                + Base64.getEncoder()
                                        .encodeToString((user + ":" + properties.getBasicAuthPassword())
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
            n = read(request);
        } catch (UnparseablePayload e) {
            throw new WebhookRejected("malformed_notification");
        }
        for (AdyenNotification.Item item : n.notificationItems().stream()
                .map(AdyenNotification.Wrapper::item)
                .toList()) {
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

    /** The first item's id; each item's own id is the lock of its event. */
    @Override
    public String eventId(WebhookRequest request) {
        return eventId(read(request).notificationItems().get(0).item());
    }

    @Override
    public List<NormalizedEvent> normalize(WebhookRequest request) {
        AdyenNotification n = read(request);
        Boolean live = n.live() == null ? null : Boolean.valueOf(n.live());
        List<NormalizedEvent> events = new ArrayList<>();
        for (AdyenNotification.Wrapper w : n.notificationItems()) {
            events.add(event(w.item(), live));
        }
        return events;
    }

    private NormalizedEvent event(AdyenNotification.Item i, Boolean live) {
        boolean success = "true".equalsIgnoreCase(i.success());
        String code = WireJson.require(i.eventCode(), "eventCode");
        NormalizedEvent.Builder b = NormalizedEvent.builder(
                        provider, eventId(i), code, WireJson.offsetTime(i.eventDate(), "eventDate"))
                .livemode(live);
        if (i.amount() != null) {
            b.amount(i.amount().value(), i.amount().currency());
        }
        // Only the AUTHORISATION's merchantReference is the order: on a modification (refund, cancel)
        // it is the reference the merchant gave that request; those reach the order through the payment.
        String original = i.originalReference();
        return switch (code) {
            case "AUTHORISATION" ->
                b.payment(i.pspReference())
                        .order(i.merchantReference())
                        .build(success ? EventType.PAYMENT_SUCCEEDED : EventType.PAYMENT_FAILED);
            case "CANCELLATION" ->
                success ? b.payment(original).build(EventType.PAYMENT_CANCELED) : b.build(EventType.OTHER);
            case "REFUND" ->
                b.payment(original)
                        .refund(i.pspReference())
                        .build(success ? EventType.REFUND_SUCCEEDED : EventType.REFUND_FAILED);
            case "REFUND_FAILED", "REFUNDED_REVERSED" ->
                b.payment(original).refund(i.pspReference()).build(EventType.REFUND_FAILED);
            case "CANCEL_OR_REFUND" ->
                !success
                        ? b.build(EventType.OTHER)
                        : "refund".equals(modification(i))
                                ? b.payment(original).refund(i.pspReference()).build(EventType.REFUND_SUCCEEDED)
                                : b.payment(original).build(EventType.PAYMENT_CANCELED);
            // the money was not captured after all: against an authorised payment this is a contradiction for review
            case "CAPTURE_FAILED" -> b.payment(original).build(EventType.PAYMENT_FAILED);
            case "NOTIFICATION_OF_CHARGEBACK", "REQUEST_FOR_INFORMATION" ->
                b.payment(disputed(i)).build(EventType.DISPUTE_OPENED);
            case "CHARGEBACK", "SECOND_CHARGEBACK", "PREARBITRATION_LOST" ->
                b.payment(disputed(i)).build(EventType.DISPUTE_LOST);
            case "CHARGEBACK_REVERSED", "PREARBITRATION_WON" ->
                b.payment(disputed(i)).build(EventType.DISPUTE_WON);
            default -> b.build(EventType.OTHER);
        };
    }

    /** Dispute notifications name the payment in originalReference, some only in pspReference. */
    private static String disputed(AdyenNotification.Item i) {
        return i.originalReference() != null && !i.originalReference().isBlank()
                ? i.originalReference()
                : i.pspReference();
    }

    /** What a CANCEL_OR_REFUND did: Adyen names it in additionalData ("cancel" or "refund"). */
    private static String modification(AdyenNotification.Item i) {
        return i.additionalData() == null ? null : i.additionalData().get("modification.action");
    }

    /** pspReference + eventCode + success: Adyen sends the same item again on retries. */
    private static String eventId(AdyenNotification.Item i) {
        return WireJson.require(i.pspReference(), "pspReference") + ":" + i.eventCode() + ":" + i.success();
    }

    private static AdyenNotification read(WebhookRequest request) {
        AdyenNotification n = WireJson.readCamelCase(request.body(), AdyenNotification.class);
        if (n.notificationItems() == null
                || n.notificationItems().isEmpty()
                || n.notificationItems().stream().anyMatch(w -> w == null || w.item() == null)) {
            throw new UnparseablePayload("no notificationItems");
        }
        return n;
    }

    @Override
    public Acknowledgement ack() {
        return Acknowledgement.text(200, "[accepted]");
    }
}
