package dev.payhook.processing;

import dev.payhook.broker.Destination;
import dev.payhook.config.SubscriptionProperties;
import dev.payhook.outbox.OrderEvents;
import dev.payhook.payment.Cause;
import dev.payhook.payment.Order;
import dev.payhook.payment.OrderChange;
import dev.payhook.payment.OrderPayment;
import dev.payhook.payment.OrderStatus;
import dev.payhook.payment.Settlement;
import dev.payhook.payment.SubscriptionEntitlement;
import dev.payhook.store.OrderStore;
import dev.payhook.store.OutboxStore;
import dev.payhook.store.PaymentStore;
import dev.payhook.store.SubscriptionStore;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes an order's {@link Settlement}: with the order row locked (after its payment's and its
 * subscription's), its payments and subscription read, the decision taken by the pure rules as of
 * now, then its status, entitlement, reviews and messages written: a change of status or entitlement
 * is told to the merchant with the order's new version and its {@link Cause}.
 */
@Component
public class OrderSettlement {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PaymentStore payments;
    private final OrderStore orders;
    private final OutboxStore outbox;
    private final SubscriptionStore subscriptions;
    private final Reviews reviews;
    private final OrderEvents events;
    private final Duration grace;
    private final Clock clock;

    public OrderSettlement(
            PaymentStore payments,
            OrderStore orders,
            OutboxStore outbox,
            SubscriptionStore subscriptions,
            Reviews reviews,
            OrderEvents events,
            SubscriptionProperties properties,
            Clock clock) {
        this.payments = payments;
        this.orders = orders;
        this.outbox = outbox;
        this.subscriptions = subscriptions;
        this.reviews = reviews;
        this.events = events;
        this.grace = properties.getGrace();
        this.clock = clock;
    }

    /** {@code order} was read locked in this transaction ({@link Reconciliation#lockOrder}). */
    public void settle(Order order, Cause cause) {
        settle(order, payments.settling(order.orderId()), cause);
    }

    /** {@link #settle(Order, Cause)} with the order's payments already read, in this transaction after the lock. */
    public void settle(Order order, List<OrderPayment> orderPayments, Cause cause) {
        String orderId = order.orderId();
        SubscriptionEntitlement.Standing subscription = subscriptions
                .ofOrder(orderId)
                .map(s -> SubscriptionEntitlement.at(s.state(), clock.instant(), grace))
                .orElse(null);
        Settlement.Decision decision = Settlement.settle(order, orderPayments, subscription);
        decision.reviews()
                .forEach(f -> reviews.open(
                        f.kind(), f.payment().key(), orderId, f.payment().id(), f.detail()));
        decision.refunds().forEach(extra -> refundRequest(order, extra));
        OrderStatus status = decision.status();
        orders.settle(order, status, decision.entitlement(), decision.entitlementChangesAt())
                .ifPresent(settled -> events.changed(new OrderChange(
                        order,
                        status,
                        settled.entitlement(),
                        decision.entitlementChangesAt(),
                        settled.version(),
                        cause)));
        if (status == OrderStatus.PAID && order.status() != OrderStatus.PAID) {
            reviews.orderPaid(orderId, cause);
            notify(
                    "receipt",
                    "receipt:" + orderId,
                    Map.of(
                            "order_id", orderId,
                            "customer_id", order.customerId(),
                            "sku", order.sku(),
                            "amount_minor", order.amountMinor(),
                            "currency", order.currency()));
        }
    }

    /** Both payments stay recorded and the entitlement stays single; the extra money is to be given back. */
    private void refundRequest(Order order, OrderPayment extra) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("order_id", order.orderId());
        request.put("provider", extra.provider());
        request.put("provider_payment_id", extra.providerPaymentId());
        request.put("amount_minor", extra.amountMinor());
        request.put("currency", extra.currency());
        request.put("reason", "double_payment");
        notify("refund.requested", "refund.requested:" + extra.key(), request);
    }

    private void notify(String kind, String dedupeKey, Map<String, Object> payload) {
        outbox.add(Destination.NOTIFICATIONS, kind, dedupeKey, JSON.writeValueAsString(payload));
    }
}
