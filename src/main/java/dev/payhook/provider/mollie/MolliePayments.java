package dev.payhook.provider.mollie;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Fact;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.Reading;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Mollie's payment object (https://docs.mollie.com/reference/get-payment) onto what Payhook knows
 * of the payment: {@code paid} is paid, {@code failed} failed, {@code canceled} and {@code expired}
 * canceled, {@code open}, {@code pending} and {@code authorized} not settled yet; {@code
 * amountRefunded} the refunded total; {@code amountChargedBack} a lost dispute of that total.
 * Amounts are decimal strings with their currency; the order is {@code metadata.order_id}.
 */
final class MolliePayments {

    private MolliePayments() {}

    static Reading read(String provider, Fact fact) {
        if (!MollieApi.PAYMENT.equals(fact.kind())) {
            return Reading.failed(null, new UnparseablePayload("not a Mollie payment: " + fact.kind()));
        }
        PaymentSnapshot snapshot;
        long chargedBack;
        try {
            JsonNode payment = WireJson.tree(fact.body());
            snapshot = snapshot(provider, payment);
            chargedBack = amount(payment, "amountChargedBack");
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
        // the charged-back total is in the id: the same answer twice is a duplicate, a new chargeback is not
        String eventId = chargedBack > 0 ? snapshot.factId() + ":chargeback:" + chargedBack : snapshot.factId();
        return Reading.of(eventId, () -> events(snapshot, chargedBack));
    }

    private static List<NormalizedEvent> events(PaymentSnapshot snapshot, long chargedBack) {
        List<NormalizedEvent> events = new ArrayList<>(snapshot.events());
        if (chargedBack > 0) {
            events.add(NormalizedEvent.builder(
                            snapshot.provider(),
                            "query:" + snapshot.paymentId() + ":chargeback:" + chargedBack,
                            "payment.chargeback",
                            snapshot.occurredAt())
                    .payment(snapshot.paymentId())
                    .order(snapshot.orderId())
                    .livemode(snapshot.livemode())
                    .amount(chargedBack, snapshot.currency())
                    .build(EventType.DISPUTE_LOST));
        }
        return events;
    }

    private static PaymentSnapshot snapshot(String provider, JsonNode payment) {
        String status = WireJson.require(WireJson.text(payment, "status"), "status");
        EventType type = switch (status) {
            case "paid" -> EventType.PAYMENT_SUCCEEDED;
            case "failed" -> EventType.PAYMENT_FAILED;
            case "canceled", "expired" -> EventType.PAYMENT_CANCELED;
            default -> EventType.PAYMENT_PENDING;
        };
        JsonNode amount = payment.path("amount");
        String currency = WireJson.require(WireJson.text(amount, "currency"), "amount.currency");
        JsonNode metadata = payment.path("metadata");
        String mode = WireJson.text(payment, "mode");
        return PaymentSnapshot.builder(
                        provider, WireJson.require(WireJson.text(payment, "id"), "id"), "payment." + status)
                .order(metadata.isObject() ? WireJson.text(metadata, "order_id") : null)
                .amount(Money.fromMajor(WireJson.text(amount, "value"), currency), currency)
                .refunded(amount(payment, "amountRefunded"), null)
                .livemode(mode == null ? null : "live".equals(mode))
                .products(productRefs(metadata))
                .build(type, occurredAt(payment, status));
    }

    /** When Mollie says the payment reached its status ({@code paidAt}, ..), else when it was created. */
    private static Instant occurredAt(JsonNode payment, String status) {
        String at = WireJson.text(payment, status + "At");
        return WireJson.offsetTime(at != null ? at : WireJson.text(payment, "createdAt"), "createdAt");
    }

    /** One of the payment's amounts in minor units; 0 when Mollie leaves it out (nothing refunded, nothing charged back). */
    private static long amount(JsonNode payment, String field) {
        JsonNode amount = payment.path(field);
        if (!amount.isObject()) {
            return 0;
        }
        return Money.fromMajor(
                WireJson.text(amount, "value"),
                WireJson.require(WireJson.text(amount, "currency"), field + ".currency"));
    }

    /** Payments carry no line items: the merchant names the product in metadata. */
    private static List<String> productRefs(JsonNode metadata) {
        String product = metadata.isObject() ? WireJson.text(metadata, "product_id") : null;
        return product == null || product.isBlank() ? List.of() : List.of(product);
    }
}
