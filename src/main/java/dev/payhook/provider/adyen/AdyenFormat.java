package dev.payhook.provider.adyen;

import dev.payhook.payment.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SettingsFreeFormat;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;

/**
 * Adyen's notification items onto Payhook's events, one event per item. The receipt names the first
 * item's id; each item's own id is the lock of its event.
 */
public class AdyenFormat extends SettingsFreeFormat {

    public AdyenFormat() {
        super("adyen");
    }

    @Override
    public Reading read(WebhookRequest request) {
        AdyenNotification n;
        String firstId;
        try {
            n = AdyenNotification.parse(request.body());
            firstId = eventId(n.items().get(0));
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
        Boolean live = n.live() == null ? null : Boolean.valueOf(n.live());
        return Reading.of(
                firstId,
                () -> n.items().stream()
                        .map(i -> event(request.provider(), i, live))
                        .toList());
    }

    private static NormalizedEvent event(String provider, AdyenNotification.Item i, Boolean live) {
        boolean success = "true".equalsIgnoreCase(i.success());
        String code = WireJson.require(i.eventCode(), "eventCode");
        NormalizedEvent.Builder b = NormalizedEvent.builder(
                        provider, eventId(i), code, WireJson.offsetTime(i.eventDate(), "eventDate"))
                .livemode(live)
                .account("merchant-account", i.merchantAccountCode());
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
}
