package dev.payhook.processing;

import dev.payhook.broker.Destination;
import dev.payhook.payment.EntitlementStatus;
import dev.payhook.payment.Order;
import dev.payhook.payment.OrderPayment;
import dev.payhook.payment.OrderStatus;
import dev.payhook.payment.Settlement;
import dev.payhook.store.OrderStore;
import dev.payhook.store.OutboxStore;
import dev.payhook.store.PaymentStore;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes an order's {@link Settlement}: with the order row locked (after its payment's), its payments
 * read, the decision taken by the pure rule, then its status, entitlement, reviews and messages written.
 */
@Component
public class OrderSettlement {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PaymentStore payments;
    private final OrderStore orders;
    private final OutboxStore outbox;
    private final Reviews reviews;

    public OrderSettlement(PaymentStore payments, OrderStore orders, OutboxStore outbox, Reviews reviews) {
        this.payments = payments;
        this.orders = orders;
        this.outbox = outbox;
        this.reviews = reviews;
    }

    /** {@code order} was read locked in this transaction ({@link Reconciliation#lockOrder}). */
    public void settle(Order order) {
        String orderId = order.orderId();
        Settlement.Decision decision = Settlement.settle(order, payments.settling(orderId));
        decision.reviews()
                .forEach(f -> reviews.open(
                        f.kind(), f.payment().key(), orderId, f.payment().id(), f.detail()));
        decision.refunds().forEach(extra -> refundRequest(order, extra));
        OrderStatus status = decision.status();
        if (orders.setStatus(orderId, status) && status == OrderStatus.PAID) {
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
        if (status.entitlement() == EntitlementStatus.NONE) {
            orders.revokeEntitlement(orderId);
        } else {
            orders.setEntitlement(order, status.entitlement());
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
