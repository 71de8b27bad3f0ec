package dev.payhook.provider.adyen;

import dev.payhook.payment.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.Reader;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.provider.types.TypedFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adyen's notification items onto Payhook's events, one event per item. The receipt names the first
 * item's id; each item's own id is the lock of its event.
 */
public class AdyenFormat extends TypedFormat<AdyenFormat.Notification> {

    /** One item of a batch, which the readers read; {@code success} is its status. */
    record Notification(String provider, AdyenNotification.Item item, Boolean live) implements Notice {

        boolean success() {
            return "true".equalsIgnoreCase(item.success());
        }

        String original() {
            return item.originalReference();
        }

        @Override
        public NormalizedEvent.Builder builder() {
            NormalizedEvent.Builder b = NormalizedEvent.builder(
                            provider,
                            eventId(item),
                            item.eventCode(),
                            WireJson.offsetTime(item.eventDate(), "eventDate"))
                    .livemode(live)
                    .account("merchant-account", item.merchantAccountCode());
            if (item.amount() != null) {
                b.amount(item.amount().value(), item.amount().currency());
            }
            return b;
        }
    }

    // Only the AUTHORISATION's merchantReference is the order: on a modification (refund, cancel) it
    // is the reference the merchant gave that request; those reach the order through the payment.
    static final Map<String, Reader<Notification>> READERS = Map.of(
            "authorisation",
            Reader.one(
                    Set.of(Action.BY_STATUS),
                    (n, action) -> n.builder()
                            .payment(n.item().pspReference())
                            .order(n.item().merchantReference())
                            .build(n.success() ? EventType.PAYMENT_SUCCEEDED : EventType.PAYMENT_FAILED)),
            "cancellation",
            Reader.one(
                    Set.of(Action.BY_STATUS),
                    (n, action) -> n.success()
                            ? n.builder().payment(n.original()).build(EventType.PAYMENT_CANCELED)
                            : n.builder().build(EventType.OTHER)),
            "refund",
            Reader.one(
                    Set.of(Action.BY_STATUS, Action.REFUND_FAILED),
                    (n, action) -> n.builder()
                            .payment(n.original())
                            .refund(n.item().pspReference())
                            .build(action.or(n.success() ? EventType.REFUND_SUCCEEDED : EventType.REFUND_FAILED))),
            "cancel_or_refund",
            Reader.one(Set.of(Action.BY_STATUS), (n, action) -> cancelOrRefund(n)),
            // the money was not captured after all: against an authorised payment this is a contradiction for review
            "capture",
            Reader.one(
                    Action.of(EventType.PAYMENT_FAILED),
                    (n, action) -> n.builder().payment(n.original()).build(EventType.PAYMENT_FAILED)),
            "dispute",
            Reader.one(
                    Action.of(EventType.DISPUTE_OPENED, EventType.DISPUTE_WON, EventType.DISPUTE_LOST),
                    (n, action) -> n.builder().payment(disputed(n.item())).build(action.or(EventType.OTHER))));

    public AdyenFormat(TypeTables tables) {
        super("adyen", tables, READERS);
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
                        .flatMap(i -> item(new Notification(request.provider(), i, live)).stream())
                        .toList());
    }

    private List<NormalizedEvent> item(Notification n) {
        String code = WireJson.require(n.item().eventCode(), "eventCode");
        return events(n.provider(), code, n, true);
    }

    /** What a CANCEL_OR_REFUND did, Adyen names in additionalData ("cancel" or "refund"). */
    private static NormalizedEvent cancelOrRefund(Notification n) {
        if (!n.success()) {
            return n.builder().build(EventType.OTHER);
        }
        String did = n.item().additionalData() == null
                ? null
                : n.item().additionalData().get("modification.action");
        return "refund".equals(did)
                ? n.builder()
                        .payment(n.original())
                        .refund(n.item().pspReference())
                        .build(EventType.REFUND_SUCCEEDED)
                : n.builder().payment(n.original()).build(EventType.PAYMENT_CANCELED);
    }

    /** Dispute notifications name the payment in originalReference, some only in pspReference. */
    private static String disputed(AdyenNotification.Item i) {
        return i.originalReference() != null && !i.originalReference().isBlank()
                ? i.originalReference()
                : i.pspReference();
    }

    /** pspReference + eventCode + success: Adyen sends the same item again on retries. */
    private static String eventId(AdyenNotification.Item i) {
        return WireJson.require(i.pspReference(), "pspReference") + ":" + i.eventCode() + ":" + i.success();
    }
}
