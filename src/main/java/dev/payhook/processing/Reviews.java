package dev.payhook.processing;

import dev.payhook.alerts.Alerts;
import dev.payhook.outbox.OrderEvents;
import dev.payhook.payment.Cause;
import dev.payhook.payment.ReviewKind;
import dev.payhook.refund.RefundRequests;
import dev.payhook.store.ReviewStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;

/**
 * Opens a review once per kind and subject; when it is new, tells the merchant and alerts ops, and
 * a double payment's goes to the refund requests (requested at once in automatic mode).
 */
@Component
public class Reviews {

    private final ReviewStore reviews;
    private final Alerts alerts;
    private final OrderEvents events;
    private final RefundRequests refunds;

    public Reviews(ReviewStore reviews, Alerts alerts, OrderEvents events, RefundRequests refunds) {
        this.reviews = reviews;
        this.alerts = alerts;
        this.events = events;
        this.refunds = refunds;
    }

    /** Who closes a review the pipeline answered. */
    static final String ACTOR = "payhook";

    private static final List<ReviewKind> ANSWERED_BY_PAYMENT =
            Stream.of(ReviewKind.values()).filter(ReviewKind::answeredByPayment).toList();

    /**
     * The order was just paid: the reviews that asked whether it would be ({@link
     * ReviewKind#answeredByPayment}) are answered, and closed with what paid it.
     */
    void orderPaid(String orderId, Cause cause) {
        String by = cause.describe();
        reviews.resolveOfOrder(orderId, ANSWERED_BY_PAYMENT, ACTOR, "answered: the order was paid by " + by);
    }

    public void open(ReviewKind kind, String subject, String orderId, Long paymentId, String detail) {
        reviews.open(kind, subject, orderId, paymentId, detail).ifPresent(opened -> {
            events.reviewOpened(opened);
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("order_id", orderId);
            details.put("detail", detail);
            alerts.raise(kind, subject, details);
            if (kind == ReviewKind.DOUBLE_PAYMENT) {
                refunds.doublePaymentReviewed(opened);
            }
        });
    }
}
