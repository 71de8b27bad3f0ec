package dev.payhook.processing;

import dev.payhook.broker.Destination;
import dev.payhook.store.OrderStore;
import dev.payhook.store.OrderStore.Order;
import dev.payhook.store.OutboxStore;
import dev.payhook.store.PaymentStore;
import dev.payhook.store.PaymentStore.OrderPayment;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Derives an order's status and entitlement from all of its payments, with the order row locked
 * (DESIGN.md 3.4). Only a payment whose amount, currency and product match the order can pay it;
 * the first such payment made pays it, any later one is a double payment to give back.
 */
@Component
public class OrderSettlement {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Status of the payment that paid the order -> order status; these are the payments that captured money. */
    private static final Map<String, String> ORDER_STATUS = Map.of(
            "succeeded", "paid",
            "partially_refunded", "partially_refunded",
            "refunded", "refunded",
            "disputed", "disputed",
            "dispute_won", "paid",
            "dispute_lost", "dispute_lost");

    /** Order status -> entitlement: granted once paid, suspended in dispute, revoked when money went back. */
    private static final Map<String, String> ENTITLEMENT = Map.of(
            "paid", "active",
            "partially_refunded", "active",
            "disputed", "suspended",
            "refunded", "revoked",
            "dispute_lost", "revoked");

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

    public void settle(String orderId) {
        Order order = orders.lock(orderId).orElse(null);
        if (order == null) {
            return;
        }
        OrderPayment paying = null;
        boolean canceled = false;
        for (OrderPayment p : payments.settling(orderId)) {
            if (!ORDER_STATUS.containsKey(p.status())) {
                canceled |= p.status().equals("canceled");
                continue;
            }
            String mismatch = mismatch(order, p);
            if (mismatch != null) {
                reviews.open(mismatch, p.key(), orderId, p.id(), describe(mismatch, order, p));
            } else if (paying == null) {
                paying = p;
            } else {
                doublePayment(order, paying, p);
            }
        }
        String status = paying != null ? ORDER_STATUS.get(paying.status()) : canceled ? "canceled" : "pending";
        if (orders.setStatus(orderId, status) && status.equals("paid")) {
            notify(
                    "receipt",
                    "receipt:" + orderId,
                    Map.of(
                            "order_id",
                            orderId,
                            "customer_id",
                            order.customerId(),
                            "sku",
                            order.sku(),
                            "amount_minor",
                            order.amountMinor(),
                            "currency",
                            order.currency()));
        }
        String entitlement = ENTITLEMENT.get(status);
        if (entitlement != null) {
            orders.setEntitlement(order, entitlement);
        } else {
            orders.revokeEntitlement(orderId);
        }
    }

    private static String mismatch(Order order, OrderPayment p) {
        if (p.currency() != null && !p.currency().equals(order.currency())) {
            return "currency_mismatch";
        }
        if (p.amountMinor() != null && p.amountMinor() != order.amountMinor()) {
            return "amount_mismatch";
        }
        if (p.sku() != null && !p.sku().equals(order.sku())) {
            return "product_mismatch";
        }
        return null;
    }

    private static String describe(String mismatch, Order order, OrderPayment p) {
        return switch (mismatch) {
            case "currency_mismatch" ->
                "payment " + p.key() + " is in " + p.currency() + ", the order in " + order.currency();
            case "amount_mismatch" ->
                "payment " + p.key() + " captured " + p.amountMinor() + " " + p.currency()
                        + " minor units, the order is " + order.amountMinor();
            default -> "payment " + p.key() + " is for SKU " + p.sku() + ", the order for " + order.sku();
        };
    }

    /** Both payments stay recorded and the entitlement stays single; the extra money is to be given back. */
    private void doublePayment(Order order, OrderPayment paying, OrderPayment extra) {
        reviews.open(
                "double_payment",
                extra.key(),
                order.orderId(),
                extra.id(),
                "order " + order.orderId() + " was already paid by " + paying.key() + "; " + extra.key() + " is extra");
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
