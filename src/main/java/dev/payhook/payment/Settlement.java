package dev.payhook.payment;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * An order's status from all of its payments (docs/DESIGN.md §3.4), decided without touching anything:
 * only a payment whose amount, currency and product match the order can pay it; the first such
 * payment made pays it, any later one is a double payment whose money is to be given back. Payments
 * of the order's subscription (docs/DESIGN.md §8) are neither: they are renewals, checked against the
 * subscription's price, and the latest one captured speaks for the money of the current period.
 */
public final class Settlement {

    private Settlement() {}

    /** Something for a person to look at, about one payment. */
    public record Finding(ReviewKind kind, OrderPayment payment, String detail) {}

    /**
     * The order's status and entitlement ({@code entitlementChangesAt}: when the entitlement next changes
     * by the passing of time alone), what to review, and the extra payments to refund.
     */
    public record Decision(
            OrderStatus status,
            EntitlementStatus entitlement,
            Instant entitlementChangesAt,
            List<Finding> reviews,
            List<OrderPayment> refunds) {}

    /**
     * {@code payments} in the order they were made (ties by provider id, never by arrival); {@code
     * subscription}: what the order's subscription grants now, null when it has none or it is unknown.
     */
    public static Decision settle(
            Order order, List<OrderPayment> payments, SubscriptionEntitlement.Standing subscription) {
        OrderPayment paying = null;
        OrderPayment renewal = null;
        boolean canceled = false;
        List<Finding> reviews = new ArrayList<>();
        List<OrderPayment> refunds = new ArrayList<>();
        for (OrderPayment p : payments) {
            if (p.ofSubscription()) {
                renewal = p.status().captured() ? p : renewal;
                continue;
            }
            if (!p.status().captured()) {
                canceled |= p.status() == PaymentStatus.CANCELED;
                continue;
            }
            Finding mismatch = mismatch(order, p);
            if (mismatch != null) {
                reviews.add(mismatch);
            } else if (paying == null) {
                paying = p;
            } else {
                reviews.add(new Finding(
                        ReviewKind.DOUBLE_PAYMENT,
                        p,
                        "order " + order.orderId() + " was already paid by " + paying.key() + "; " + p.key()
                                + " is extra"));
                refunds.add(p);
            }
        }
        OrderPayment paid = paying != null ? paying : renewal;
        OrderStatus status = paid != null
                ? OrderStatus.paidBy(paid.status())
                : canceled ? OrderStatus.CANCELED : OrderStatus.PENDING;
        EntitlementStatus money = status.entitlement();
        // money given back or in dispute outranks the subscription's word; otherwise it decides
        boolean moneyDecides =
                subscription == null || money == EntitlementStatus.SUSPENDED || money == EntitlementStatus.REVOKED;
        return moneyDecides
                ? new Decision(status, money, null, reviews, refunds)
                : new Decision(status, subscription.status(), subscription.changesAt(), reviews, refunds);
    }

    private static Finding mismatch(Order order, OrderPayment p) {
        if (p.currency() != null && !p.currency().equals(order.currency())) {
            return new Finding(
                    ReviewKind.CURRENCY_MISMATCH,
                    p,
                    "payment " + p.key() + " is in " + p.currency() + ", the order in " + order.currency());
        }
        if (p.amountMinor() != null && p.amountMinor() != order.amountMinor()) {
            return new Finding(
                    ReviewKind.AMOUNT_MISMATCH,
                    p,
                    "payment " + p.key() + " captured " + p.amountMinor() + " " + p.currency()
                            + " minor units, the order is " + order.amountMinor());
        }
        if (p.sku() != null && !p.sku().equals(order.sku())) {
            return new Finding(
                    ReviewKind.PRODUCT_MISMATCH,
                    p,
                    "payment " + p.key() + " is for SKU " + p.sku() + ", the order for " + order.sku());
        }
        return null;
    }
}
