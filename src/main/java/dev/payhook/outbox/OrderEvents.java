package dev.payhook.outbox;

import dev.payhook.broker.Destination;
import dev.payhook.payment.Cause;
import dev.payhook.payment.OrderChange;
import dev.payhook.payment.RefundStatus;
import dev.payhook.store.OutboxStore;
import dev.payhook.store.RefundRequest;
import dev.payhook.store.ReviewStore;
import java.time.Clock;
import org.springframework.stereotype.Component;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * The messages a merchant acts on (DESIGN.md §11.1), written to the outbox in the transaction that
 * made the change, for payhook.events: {@code {"type","timestamp","data"}}. Each is keyed so that
 * writing it again adds nothing: an order's change by its version, a review by its id.
 */
@Component
public class OrderEvents {

    private static final JsonMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .build();

    private final OutboxStore outbox;
    private final Clock clock;

    public OrderEvents(OutboxStore outbox, Clock clock) {
        this.outbox = outbox;
        this.clock = clock;
    }

    /** {@code order.<status>} or {@code entitlement.<status>}, with the order's whole state after the change. */
    public void changed(OrderChange c) {
        Published.Entitlement entitlement = new Published.Entitlement(
                c.entitlement().wireName(),
                c.entitlementChangesAt() == null
                        ? null
                        : c.entitlementChangesAt().toString());
        Published.Cause cause = c.cause() instanceof Cause.ProviderEvent e
                ? new Published.EventCause(e.provider(), e.eventId(), e.providerPaymentId(), e.providerSubscriptionId())
                : new Published.JobCause(((Cause.Job) c.cause()).name());
        publish(
                c.type(),
                "order:" + c.order().orderId() + ":" + c.version(),
                new Published.OrderChanged(
                        c.order().orderId(),
                        c.status().wireName(),
                        c.version(),
                        entitlement,
                        c.order().amountMinor(),
                        c.order().currency(),
                        c.order().sku(),
                        c.order().customerId(),
                        cause));
    }

    /** {@code review.opened}: a review a person has to look at. */
    public void reviewOpened(ReviewStore.Opened review) {
        publish(
                "review.opened",
                "review:" + review.id(),
                new Published.ReviewOpened(
                        review.id(),
                        review.kind().wireName(),
                        review.orderId(),
                        review.provider(),
                        review.providerPaymentId()));
    }

    /** {@code refund_request.<status>}: a refund request was submitted to the provider, succeeded or failed. */
    public void refundRequest(RefundRequest r, RefundStatus status, String error) {
        publish(
                "refund_request." + status.wireName(),
                "refund_request:" + r.id() + ":" + status.wireName(),
                new Published.RefundRequestChanged(
                        r.id().toString(),
                        r.provider(),
                        r.providerPaymentId(),
                        r.orderId(),
                        r.amountMinor(),
                        r.currency(),
                        r.reason(),
                        r.providerRefundId(),
                        r.reviewId(),
                        error));
    }

    /**
     * Writes {@code data} as the message {@code type} to the outbox, for payhook.events, keyed by
     * {@code key} (writing the same key again adds nothing). Every message on payhook.events is
     * written here, in the one {@link EventMessage} envelope.
     */
    public void publish(String type, String key, Published data) {
        outbox.add(
                Destination.EVENTS,
                type,
                key,
                JSON.writeValueAsString(new EventMessage(type, clock.instant().toString(), data)));
    }
}
