package dev.payhook.refund;

import dev.payhook.alerts.AlertKind;
import dev.payhook.alerts.Alerts;
import dev.payhook.payment.EventType;
import dev.payhook.payment.RefundStatus;
import dev.payhook.provider.RefundAnswer;
import dev.payhook.store.RefundRequest;
import dev.payhook.store.RefundStore;
import dev.payhook.store.ReviewStore;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Refund requests moved on by what the provider says (DESIGN.md §12): its answer to a call, no
 * answer, or a refund event processing applied. A success resolves the request's review; a
 * failure notes it there; an outcome still unknown after asking again raises one alert.
 */
@Component
public class RefundOutcomes {

    private final RefundStore store;
    private final ReviewStore reviews;
    private final RefundNews news;
    private final Alerts alerts;

    public RefundOutcomes(RefundStore store, ReviewStore reviews, RefundNews news, Alerts alerts) {
        this.store = store;
        this.reviews = reviews;
        this.news = news;
        this.alerts = alerts;
    }

    /**
     * What the provider answered about a call (the caller holds no transaction: this is one). The
     * payment is locked first, as processing locks it for its events, so a refund event processed
     * before this answer is seen here, and one processed after it sees the refund's id.
     */
    @Transactional
    public void answered(RefundRequest request, RefundAnswer answer, Duration followUp) {
        store.lockPayment(request.provider(), request.providerPaymentId());
        if (answer instanceof RefundAnswer.Known known) {
            Optional<RefundRequest> submitted =
                    store.move(request.id(), RefundStatus.SUBMITTED, known.providerRefundId(), null, followUp);
            submitted.ifPresentOrElse(
                    r -> news.moved(r, RefundStatus.SUBMITTED, null), () -> store.later(request.id(), followUp, null));
            store.refundOutcome(request.paymentId(), known.providerRefundId())
                    .ifPresent(type -> settled(submitted.orElse(request), type));
        } else if (answer instanceof RefundAnswer.Refused refused) {
            fail(request, refused.reason());
        } else {
            String why = "the provider has no refund under " + request.reference();
            store.later(request.id(), followUp, why);
            stillUnknown(request, why);
        }
    }

    /** No answer: the outcome is unknown until the provider is asked about the reference. */
    @Transactional
    public void unanswered(RefundRequest request, String why, Duration followUp) {
        if (request.status() == RefundStatus.SUBMITTED) {
            store.later(request.id(), followUp, why);
            return;
        }
        store.move(request.id(), RefundStatus.UNKNOWN, null, why, followUp)
                .ifPresentOrElse(r -> news.counted(r.provider(), RefundStatus.UNKNOWN), () -> {
                    store.later(request.id(), followUp, why);
                    stillUnknown(request, why);
                });
    }

    /** Asked again and still not known: one alert per request, however often it is asked. */
    private void stillUnknown(RefundRequest request, String why) {
        if (request.status() == RefundStatus.UNKNOWN) {
            alerts.raise(
                    AlertKind.REFUND_OUTCOME_UNKNOWN,
                    request.id().toString(),
                    Map.of(
                            "provider", request.provider(),
                            "provider_payment_id", request.providerPaymentId(),
                            "reference", request.reference(),
                            "amount_minor", request.amountMinor(),
                            "currency", request.currency(),
                            "last_error", why));
        }
    }

    /** A refund event of the provider's went through processing: the request of that refund is settled by it. */
    public void refundEventApplied(String provider, String providerRefundId, EventType type) {
        store.byProviderRefund(provider, providerRefundId).ifPresent(r -> settled(r, type));
    }

    private void settled(RefundRequest request, EventType type) {
        if (type == EventType.REFUND_SUCCEEDED) {
            store.move(request.id(), RefundStatus.SUCCEEDED, null, null, Duration.ZERO)
                    .ifPresent(r -> {
                        news.moved(r, RefundStatus.SUCCEEDED, null);
                        if (r.reviewId() != null) {
                            reviews.resolve(
                                    r.reviewId(),
                                    RefundRequests.PAYHOOK,
                                    "refunded by refund request " + r.id() + " (" + r.provider() + " refund "
                                            + r.providerRefundId() + ")");
                        }
                    });
        } else if (type == EventType.REFUND_FAILED) {
            fail(request, "the provider's refund " + request.providerRefundId() + " failed");
        }
    }

    private void fail(RefundRequest request, String reason) {
        store.move(request.id(), RefundStatus.FAILED, null, reason, Duration.ZERO)
                .ifPresent(r -> {
                    news.moved(r, RefundStatus.FAILED, reason);
                    if (r.reviewId() != null) {
                        reviews.annotate(r.reviewId(), "refund request " + r.id() + " failed: " + reason);
                    }
                });
    }
}
