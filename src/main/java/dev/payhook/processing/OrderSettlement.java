package dev.payhook.processing;

import dev.payhook.store.OrderStore;
import dev.payhook.store.OrderStore.Order;
import dev.payhook.store.PaymentStore;
import java.util.Map;
import org.springframework.stereotype.Component;

/** Derives an order's status and entitlement from its payments; runs with the order row locked. */
@Component
public class OrderSettlement {

    /** Payment status of the payment that paid the order -> order status. */
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

    public OrderSettlement(PaymentStore payments, OrderStore orders) {
        this.payments = payments;
        this.orders = orders;
    }

    public void settle(Order order) {
        String status = "pending";
        boolean canceled = false;
        for (Map<String, Object> p : payments.ofOrder(order.orderId())) {
            String paymentStatus = (String) p.get("status");
            if (ORDER_STATUS.containsKey(paymentStatus)) {
                status = ORDER_STATUS.get(paymentStatus);
                break;
            }
            canceled |= paymentStatus.equals("canceled");
        }
        if (status.equals("pending") && canceled) {
            status = "canceled";
        }
        orders.setStatus(order.orderId(), status);
        String entitlement = ENTITLEMENT.get(status);
        if (entitlement != null) {
            orders.setEntitlement(order, entitlement);
        }
    }
}
