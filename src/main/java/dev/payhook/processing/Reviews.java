package dev.payhook.processing;

import dev.payhook.alerts.Alerts;
import dev.payhook.payment.ReviewKind;
import dev.payhook.store.ReviewStore;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/** Opens a review once per kind and subject, and alerts ops when it is new. */
@Component
public class Reviews {

    private final ReviewStore reviews;
    private final Alerts alerts;

    public Reviews(ReviewStore reviews, Alerts alerts) {
        this.reviews = reviews;
        this.alerts = alerts;
    }

    public void open(ReviewKind kind, String subject, String orderId, Long paymentId, String detail) {
        if (reviews.open(kind, subject, orderId, paymentId, detail)) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("order_id", orderId);
            details.put("detail", detail);
            alerts.raise(kind, subject, details);
        }
    }
}
