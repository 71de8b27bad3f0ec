package dev.payhook.provider.paypal;

import static dev.payhook.provider.types.Agreement.is;
import static dev.payhook.provider.types.Agreement.isNot;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.paypal.PaypalEvent.Capture;
import dev.payhook.provider.paypal.PaypalEvent.Dispute;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.Agreement;
import dev.payhook.provider.types.Reader;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.provider.types.TypedFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * PayPal's webhook events (https://developer.paypal.com/api/rest/webhooks/event-names/) onto
 * Payhook's: the payment is the capture; a refund or reversal names it through its link {@code up};
 * a dispute through its disputed transaction. Amounts are decimal strings in the currency's exponent.
 */
public class PaypalFormat extends TypedFormat<PaypalFormat.Notification> {

    /** An event of a PayPal account, which the readers read. */
    record Notification(String provider, PaypalEvent event) implements Notice {

        @Override
        public NormalizedEvent.Builder builder() {
            return NormalizedEvent.builder(provider, event.id(), event.eventType(), event.createTime());
        }
    }

    static final Map<String, Reader<Notification>> READERS = Map.of(
            "capture",
            Reader.<Notification>one(
                            Action.of(EventType.PAYMENT_SUCCEEDED, EventType.PAYMENT_PENDING, EventType.PAYMENT_FAILED),
                            (n, action) -> capture(n.builder(), n.event(), action.or(EventType.OTHER)))
                    .agreeing(
                            n -> Agreement.text(n.event().resource().path("status")),
                            Map.of(
                                    Action.PAYMENT_SUCCEEDED, is("COMPLETED"),
                                    Action.PAYMENT_PENDING, isNot("COMPLETED"),
                                    Action.PAYMENT_FAILED, isNot("COMPLETED"))),
            "refund",
            Reader.one(
                    Set.of(Action.BY_STATUS),
                    (n, action) -> refund(n.builder(), n.event().resource())),
            "dispute",
            Reader.one(
                    Action.decidedAmong(EventType.DISPUTE_OPENED, EventType.DISPUTE_WON, EventType.DISPUTE_LOST),
                    (n, action) -> dispute(n.builder(), n.event(), action)),
            "subscription",
            Reader.one(
                    Action.subscriptionChanges(),
                    (n, action) ->
                            PaypalSubscriptions.subscription(n.builder(), n.event(), action.or(EventType.OTHER))),
            "sale",
            Reader.<Notification>one(
                            Action.of(EventType.PAYMENT_SUCCEEDED, EventType.PAYMENT_FAILED),
                            (n, action) -> PaypalSubscriptions.sale(n.builder(), n.event(), action.or(EventType.OTHER)))
                    .agreeing(
                            n -> Agreement.text(n.event().resource().path("state")),
                            Map.of(
                                    Action.PAYMENT_SUCCEEDED,
                                    is("completed"),
                                    Action.PAYMENT_FAILED,
                                    isNot("completed"))));

    public PaypalFormat(TypeTables tables) {
        super("paypal", tables, READERS);
    }

    @Override
    public Reading read(WebhookRequest request) {
        return readJson(request, "id", tree -> events(request.provider(), WireJson.convert(tree, PaypalEvent.class)));
    }

    private List<NormalizedEvent> events(String provider, PaypalEvent e) {
        String type = WireJson.require(e.eventType(), "event_type");
        Notification n = new Notification(provider, e);
        boolean carriesObject = e.resource() != null && !e.resource().isNull();
        return events(provider, type, n, carriesObject);
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

    /** A refund resource, as the webhook carries it and the refund API answers it: its status alone decides. */
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

    /** By status, the dispute's outcome decides: the buyer's favour is money lost, the seller's is kept. */
    private static NormalizedEvent dispute(NormalizedEvent.Builder b, PaypalEvent e, Action action) {
        Dispute d = WireJson.convert(e.resource(), Dispute.class);
        String outcome = d.disputeOutcome() == null
                ? ""
                : String.valueOf(d.disputeOutcome().outcomeCode());
        EventType type = action.or(
                switch (outcome) {
                    case "RESOLVED_BUYER_FAVOUR", "RESOLVED_WITH_PAYOUT" -> EventType.DISPUTE_LOST;
                    case "RESOLVED_SELLER_FAVOUR", "CANCELED_BY_BUYER", "DENIED" -> EventType.DISPUTE_WON;
                    default -> EventType.OTHER;
                });
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

    static Long minor(PaypalEvent.Money m) {
        return m == null || m.value() == null
                ? null
                : Money.fromMajor(m.value(), WireJson.require(m.currencyCode(), "currency_code"));
    }
}
