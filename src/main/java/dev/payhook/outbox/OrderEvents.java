package dev.payhook.outbox;

import dev.payhook.broker.Destination;
import dev.payhook.payment.OrderChange;
import dev.payhook.payment.RefundStatus;
import dev.payhook.store.OutboxStore;
import dev.payhook.store.RefundRequest;
import dev.payhook.store.ReviewStore;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The messages a merchant acts on (DESIGN.md §11.1), written to the outbox in the transaction that
 * made the change, for payhook.events: {@code {"type","timestamp","data"}}. Each is keyed so that
 * writing it again adds nothing: an order's change by its version, a review by its id.
 */
@Component
public class OrderEvents {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final OutboxStore outbox;
    private final Clock clock;

    public OrderEvents(OutboxStore outbox, Clock clock) {
        this.outbox = outbox;
        this.clock = clock;
    }

    /** {@code order.<status>} or {@code entitlement.<status>}, with the order's whole state after the change. */
    public void changed(OrderChange c) {
        Map<String, Object> entitlement = new LinkedHashMap<>();
        entitlement.put("status", c.entitlement().wireName());
        entitlement.put(
                "changes_at",
                c.entitlementChangesAt() == null
                        ? null
                        : c.entitlementChangesAt().toString());
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("order_id", c.order().orderId());
        data.put("status", c.status().wireName());
        data.put("version", c.version());
        data.put("entitlement", entitlement);
        data.put("amount_minor", c.order().amountMinor());
        data.put("currency", c.order().currency());
        data.put("sku", c.order().sku());
        data.put("customer_id", c.order().customerId());
        data.put("cause", c.cause().fields());
        publish(c.type(), "order:" + c.order().orderId() + ":" + c.version(), data);
    }

    /** {@code review.opened}: a review a person has to look at. */
    public void reviewOpened(ReviewStore.Opened review) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("review_id", review.id());
        data.put("kind", review.kind().wireName());
        data.put("order_id", review.orderId());
        data.put("provider", review.provider());
        data.put("provider_payment_id", review.providerPaymentId());
        publish("review.opened", "review:" + review.id(), data);
    }

    /** {@code refund_request.<status>}: a refund request was submitted to the provider, succeeded or failed. */
    public void refundRequest(RefundRequest r, RefundStatus status, String error) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("refund_request_id", r.id().toString());
        data.put("provider", r.provider());
        data.put("provider_payment_id", r.providerPaymentId());
        data.put("order_id", r.orderId());
        data.put("amount_minor", r.amountMinor());
        data.put("currency", r.currency());
        data.put("reason", r.reason());
        data.put("provider_refund_id", r.providerRefundId());
        data.put("review_id", r.reviewId());
        if (error != null) {
            data.put("error", error);
        }
        String type = "refund_request." + status.wireName();
        publish(type, "refund_request:" + r.id() + ":" + status.wireName(), data);
    }

    /**
     * Writes {@code data} as the message {@code type} to the outbox, for payhook.events, keyed by
     * {@code key} (writing the same key again adds nothing). Every message on payhook.events is
     * written here, in the one {@link EventMessage} envelope.
     */
    public void publish(String type, String key, Map<String, Object> data) {
        outbox.add(
                Destination.EVENTS,
                type,
                key,
                JSON.writeValueAsString(new EventMessage(type, clock.instant().toString(), data)));
    }
}
