package dev.payhook.refund;

import dev.payhook.config.RefundProperties;
import dev.payhook.payment.RefundStatus;
import dev.payhook.payment.Refundable;
import dev.payhook.payment.ReviewKind;
import dev.payhook.provider.Capability;
import dev.payhook.provider.Money;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.store.OpsActionStore;
import dev.payhook.store.RefundRequest;
import dev.payhook.store.RefundStore;
import dev.payhook.store.RefundStore.RefundablePayment;
import dev.payhook.store.ReviewStore;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Refund requests made (DESIGN.md §12): by a person or for a double payment's review, each within
 * what the payment may still give back and only where the provider's API can refund it.
 * {@link RefundOutcomes} moves them on as the provider answers.
 */
@Component
public class RefundRequests {

    /** Who resolves a review whose refund succeeded, and requests one in automatic mode. */
    static final String PAYHOOK = "payhook";

    static final String DOUBLE_PAYMENT = "double_payment";

    private final RefundStore store;
    private final ReviewStore reviews;
    private final ProviderRegistry providers;
    private final OpsActionStore actions;
    private final RefundNews news;
    private final RefundProperties properties;

    public RefundRequests(
            RefundStore store,
            ReviewStore reviews,
            ProviderRegistry providers,
            OpsActionStore actions,
            RefundNews news,
            RefundProperties properties) {
        this.store = store;
        this.reviews = reviews;
        this.providers = providers;
        this.actions = actions;
        this.news = news;
        this.properties = properties;
    }

    /** What became of asking for a refund. */
    public sealed interface Outcome {}

    /** A new request, to be called by the refund worker. */
    public record Created(RefundRequest request) implements Outcome {}

    /** The review's request already exists: asking again gives it back, never a second one. */
    public record Existing(RefundRequest request) implements Outcome {}

    /** Payhook cannot refund through this provider: {@code reason} says why and what to do instead. */
    public record Unsupported(String reason) implements Outcome {}

    /** No such payment, or no such review of a double payment. */
    public record NotFound(String what) implements Outcome {}

    /** The payment or the review is in no state to be refunded. */
    public record Conflict(String error, String detail) implements Outcome {}

    /** What a person asks for: {@code amountMinor} of a payment, in its currency. */
    public record Ask(
            String provider,
            String providerPaymentId,
            long amountMinor,
            String currency,
            String reason,
            String note,
            String actor) {}

    @Transactional
    public Outcome request(Ask ask) {
        Optional<String> unsupported = unsupported(ask.provider());
        if (unsupported.isPresent()) {
            return new Unsupported(unsupported.get());
        }
        Optional<RefundablePayment> payment = store.lockPayment(ask.provider(), ask.providerPaymentId());
        if (payment.isEmpty()) {
            return new NotFound("no payment " + ask.providerPaymentId() + " of " + ask.provider());
        }
        boolean whole = ask.amountMinor() == payment.get().capturedMinor();
        if (!whole && !providers.get(ask.provider()).can(Capability.REFUNDS_PART)) {
            return new Unsupported(ask.provider() + ": Payhook refunds its payments whole ("
                    + payment.get().capturedMinor()
                    + " minor units); refund part of one from the provider's dashboard");
        }
        return create(payment.get(), ask, null);
    }

    /** The refund a double payment's review offers: all that is left of the extra payment. */
    @Transactional
    public Outcome forReview(long reviewId, String note, String actor) {
        Optional<RefundStore.ReviewToRefund> locked = store.lockReview(reviewId);
        if (locked.isEmpty()) {
            return new NotFound("no review " + reviewId);
        }
        RefundStore.ReviewToRefund review = locked.get();
        Optional<RefundRequest> existing = store.ofReview(reviewId);
        if (existing.isPresent()) {
            return new Existing(existing.get());
        }
        if (!ReviewKind.DOUBLE_PAYMENT.wireName().equals(review.kind())) {
            return new Conflict("not_a_double_payment", "only a double payment's review offers a refund");
        }
        if (!ReviewStore.Status.OPEN.wireName().equals(review.status())) {
            return new Conflict("review_not_open", "review " + reviewId + " is " + review.status());
        }
        Optional<String> unsupported = unsupported(review.provider());
        if (unsupported.isPresent()) {
            return new Unsupported(unsupported.get());
        }
        RefundablePayment payment =
                store.lockPayment(review.provider(), review.providerPaymentId()).orElseThrow();
        long left = payment.available();
        Ask ask = new Ask(
                review.provider(), review.providerPaymentId(), left, payment.currency(), DOUBLE_PAYMENT, note, actor);
        return create(payment, ask, reviewId);
    }

    /**
     * What a double payment's open review offers to refund, for its confirmation page (read without
     * locks: {@link #forReview} decides again).
     *
     * @param unsupported why the provider cannot refund, null when it can
     * @param existing the review's request when one was made
     */
    public record Offer(
            long reviewId,
            String provider,
            String providerPaymentId,
            long amountMinor,
            String currency,
            String unsupported,
            RefundRequest existing) {

        /** As a person reads it: {@code 9.90 USD}. */
        public String amount() {
            return Money.forPeople(amountMinor, currency);
        }
    }

    public Optional<Offer> offer(long reviewId) {
        return store.readReview(reviewId)
                .filter(r -> ReviewKind.DOUBLE_PAYMENT.wireName().equals(r.kind()))
                .filter(r -> ReviewStore.Status.OPEN.wireName().equals(r.status()))
                .flatMap(r -> store.readPayment(r.provider(), r.providerPaymentId())
                        .map(p -> new Offer(
                                reviewId,
                                r.provider(),
                                r.providerPaymentId(),
                                p.available(),
                                p.currency(),
                                unsupported(r.provider()).orElse(null),
                                store.ofReview(reviewId).orElse(null))));
    }

    /**
     * In automatic mode, the refund of a double payment whose review was just opened, in the same
     * transaction; where the provider cannot refund, the review says so instead.
     */
    public void doublePaymentReviewed(ReviewStore.Opened review) {
        Optional<String> unsupported = unsupported(review.provider());
        if (unsupported.isPresent()) {
            reviews.annotate(review.id(), "refund_unsupported: " + unsupported.get());
        } else if (properties.getDoublePayment() == RefundProperties.DoublePayment.AUTOMATIC) {
            forReview(review.id(), null, PAYHOOK + ":double-payment");
        }
    }

    /** {@code ask}'s currency null: the payment's. */
    private Outcome create(RefundablePayment payment, Ask ask, Long reviewId) {
        Refundable.Decision decision = Refundable.check(
                payment.status(),
                payment.capturedMinor(),
                payment.currency(),
                payment.refundedMinor(),
                payment.openMinor(),
                ask.amountMinor(),
                ask.currency() == null ? payment.currency() : ask.currency());
        if (decision instanceof Refundable.NotRefundable n) {
            return new Conflict(
                    "payment_not_refundable", "the payment is " + n.status().wireName());
        }
        if (decision instanceof Refundable.OtherCurrency c) {
            return new Conflict("currency_mismatch", "the payment is in " + c.paymentCurrency());
        }
        if (decision instanceof Refundable.OverAmount o) {
            return new Conflict(
                    "amount_exceeds_refundable",
                    o.available() + " minor units are left to refund (captured less refunded less open requests)");
        }
        RefundRequest created = store.insert(new RefundStore.NewRequest(
                ask.provider(),
                payment.id(),
                payment.orderId(),
                reviewId,
                ask.amountMinor(),
                payment.currency(),
                ask.reason(),
                ask.note(),
                ask.actor()));
        actions.record(
                ask.actor(),
                "request_refund",
                "refund " + created.id(),
                null,
                ask.amountMinor() + " " + payment.currency() + " of " + ask.provider() + " payment "
                        + ask.providerPaymentId() + " (" + ask.reason() + ")");
        news.counted(created.provider(), RefundStatus.REQUESTED);
        return new Created(created);
    }

    /** Why {@code provider} cannot refund, when it cannot. */
    private Optional<String> unsupported(String provider) {
        Optional<Provider> enabled = providers.find(provider);
        if (enabled.isEmpty()) {
            return Optional.of("provider " + provider + " is not enabled");
        }
        return enabled.get().refunds().isPresent()
                ? Optional.empty()
                : Optional.of(provider + ": " + enabled.get().cannotRefund());
    }
}
