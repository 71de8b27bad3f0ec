package dev.payhook.provider.paypal;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SettingsFreeFormat;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.paypal.PaypalEvent.Capture;
import dev.payhook.provider.paypal.PaypalEvent.Dispute;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * PayPal's webhook events (https://developer.paypal.com/api/rest/webhooks/event-names/) onto
 * Payhook's: the payment is the capture; a refund or reversal names it through its link {@code up};
 * a dispute through its disputed transaction. Amounts are decimal strings in the currency's exponent.
 */
public class PaypalFormat extends SettingsFreeFormat {

    public PaypalFormat() {
        super("paypal");
    }

    @Override
    public Reading read(WebhookRequest request) {
        return readJson(
                request, "id", tree -> List.of(event(request.provider(), WireJson.convert(tree, PaypalEvent.class))));
    }

    private static NormalizedEvent event(String provider, PaypalEvent e) {
        String type = WireJson.require(e.eventType(), "event_type");
        NormalizedEvent.Builder b = NormalizedEvent.builder(provider, e.id(), type, e.createTime());
        if (e.resource() == null || e.resource().isNull()) {
            return b.build(EventType.OTHER);
        }
        return switch (type) {
            case "PAYMENT.CAPTURE.COMPLETED" -> capture(b, e, EventType.PAYMENT_SUCCEEDED);
            case "PAYMENT.CAPTURE.PENDING" -> capture(b, e, EventType.PAYMENT_PENDING);
            case "PAYMENT.CAPTURE.DECLINED", "PAYMENT.CAPTURE.DENIED" -> capture(b, e, EventType.PAYMENT_FAILED);
            // a reversal takes the money back like a refund: counted once by its id
            case "PAYMENT.CAPTURE.REFUNDED", "PAYMENT.CAPTURE.REVERSED" -> refund(b, e.resource());
            case "CUSTOMER.DISPUTE.CREATED" -> dispute(b, e, EventType.DISPUTE_OPENED);
            case "CUSTOMER.DISPUTE.RESOLVED" -> disputeResolved(b, e);
            case "BILLING.SUBSCRIPTION.ACTIVATED" ->
                PaypalSubscriptions.subscription(b, e, EventType.SUBSCRIPTION_ACTIVATED);
            case "BILLING.SUBSCRIPTION.CREATED", "BILLING.SUBSCRIPTION.UPDATED" ->
                PaypalSubscriptions.subscription(b, e, EventType.SUBSCRIPTION_UPDATED);
            case "BILLING.SUBSCRIPTION.PAYMENT.FAILED" ->
                PaypalSubscriptions.subscription(b, e, EventType.SUBSCRIPTION_PAST_DUE);
            case "BILLING.SUBSCRIPTION.SUSPENDED" ->
                PaypalSubscriptions.subscription(b, e, EventType.SUBSCRIPTION_PAUSED);
            case "BILLING.SUBSCRIPTION.RE-ACTIVATED" ->
                PaypalSubscriptions.subscription(b, e, EventType.SUBSCRIPTION_RESUMED);
            case "BILLING.SUBSCRIPTION.CANCELLED", "BILLING.SUBSCRIPTION.EXPIRED" ->
                PaypalSubscriptions.subscription(b, e, EventType.SUBSCRIPTION_CANCELED);
            case "PAYMENT.SALE.COMPLETED" -> PaypalSubscriptions.sale(b, e, EventType.PAYMENT_SUCCEEDED);
            case "PAYMENT.SALE.DENIED" -> PaypalSubscriptions.sale(b, e, EventType.PAYMENT_FAILED);
            default -> b.build(EventType.OTHER);
        };
    }

    private static NormalizedEvent capture(NormalizedEvent.Builder b, PaypalEvent e, EventType type) {
        Capture c = WireJson.convert(e.resource(), Capture.class);
        return b.payment(c.id())
                .order(c.customId() != null ? c.customId() : c.invoiceId())
                .amount(
                        minor(c.amount()),
                        c.amount() == null ? null : c.amount().currencyCode())
                .build(type);
    }

    /** A refund resource, as the webhook carries it and the refund API answers it. */
    static NormalizedEvent refund(NormalizedEvent.Builder b, JsonNode resource) {
        Capture r = WireJson.convert(resource, Capture.class);
        String up = r.links() == null
                ? null
                : r.links().stream()
                        .filter(l -> "up".equals(l.rel()) && l.href() != null)
                        .map(l -> l.href().substring(l.href().lastIndexOf('/') + 1))
                        .findFirst()
                        .orElse(null);
        EventType type = switch (r.status() == null ? "" : r.status()) {
            case "COMPLETED" -> EventType.REFUND_SUCCEEDED;
            case "FAILED", "CANCELLED" -> EventType.REFUND_FAILED;
            default -> EventType.OTHER;
        };
        return b.payment(up)
                .refund(r.id())
                .amount(
                        minor(r.amount()),
                        r.amount() == null ? null : r.amount().currencyCode())
                .build(type);
    }

    private static NormalizedEvent dispute(NormalizedEvent.Builder b, PaypalEvent e, EventType type) {
        Dispute d = WireJson.convert(e.resource(), Dispute.class);
        String payment =
                d.disputedTransactions() == null || d.disputedTransactions().isEmpty()
                        ? null
                        : d.disputedTransactions().get(0).sellerTransactionId();
        return b.payment(payment)
                .amount(
                        minor(d.disputeAmount()),
                        d.disputeAmount() == null ? null : d.disputeAmount().currencyCode())
                .build(type);
    }

    /** The dispute's outcome decides: the buyer's favour is money lost, the seller's is kept. */
    private static NormalizedEvent disputeResolved(NormalizedEvent.Builder b, PaypalEvent e) {
        Dispute d = WireJson.convert(e.resource(), Dispute.class);
        String outcome = d.disputeOutcome() == null
                ? ""
                : String.valueOf(d.disputeOutcome().outcomeCode());
        EventType type = switch (outcome) {
            case "RESOLVED_BUYER_FAVOUR", "RESOLVED_WITH_PAYOUT" -> EventType.DISPUTE_LOST;
            case "RESOLVED_SELLER_FAVOUR", "CANCELED_BY_BUYER", "DENIED" -> EventType.DISPUTE_WON;
            default -> EventType.OTHER;
        };
        return dispute(b, e, type);
    }

    static Long minor(PaypalEvent.Money m) {
        return m == null || m.value() == null
                ? null
                : Money.fromMajor(m.value(), WireJson.require(m.currencyCode(), "currency_code"));
    }
}
