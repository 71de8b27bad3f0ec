package dev.payhook.provider;

import dev.payhook.payment.EventType;
import dev.payhook.payment.PaymentStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * What a lookup says of one payment now, in Payhook's terms, and the events that say it
 * (docs/DESIGN.md §7). The fact's id is {@code query:<payment id>:<status>[:<refunded total>]}:
 * asking again while nothing changed gives the same ids, so the event-id lock makes it a duplicate.
 * Its events: the payment's own (id {@code query:<payment id>:<payment status>}) and, when money went
 * back, the refunded total as one cumulative refund (the fact's id), which adds to refunds known by
 * their ids without counting any twice.
 *
 * @param payment {@link EventType#PAYMENT_SUCCEEDED}, {@code _FAILED}, {@code _PENDING} or {@code _CANCELED}
 * @param occurredAt when the provider says the payment reached that state (its creation when it says no more)
 * @param refundedAt when the last refund of {@code refunded} succeeded
 */
public record PaymentSnapshot(
        String provider,
        String paymentId,
        String orderId,
        EventType payment,
        Instant occurredAt,
        long amountMinor,
        String currency,
        long refunded,
        Instant refundedAt,
        Boolean livemode,
        List<String> productRefs,
        String providerStatus) {

    /**
     * A snapshot of payment {@code paymentId} as the provider's answer names it: its status in the
     * provider's words ({@code providerStatus}, as the evidence keeps it); the rest by name, then
     * {@link Builder#build}.
     */
    public static Builder builder(String provider, String paymentId, String providerStatus) {
        return new Builder(provider, paymentId, providerStatus);
    }

    /** The parts of a snapshot an answer may or may not say; the amount it must. */
    public static final class Builder {
        private final String provider;
        private final String paymentId;
        private final String providerStatus;
        private String orderId;
        private Long amountMinor;
        private String currency;
        private long refunded;
        private Instant refundedAt;
        private Boolean livemode;
        private List<String> productRefs = List.of();

        private Builder(String provider, String paymentId, String providerStatus) {
            this.provider = provider;
            this.paymentId = paymentId;
            this.providerStatus = providerStatus;
        }

        /** The merchant's order the payment names, if it names one. */
        public Builder order(String orderId) {
            this.orderId = orderId;
            return this;
        }

        public Builder amount(long amountMinor, String currency) {
            this.amountMinor = amountMinor;
            this.currency = currency;
            return this;
        }

        /** The total refunded so far, and when the last of it succeeded. */
        public Builder refunded(long refunded, Instant refundedAt) {
            this.refunded = refunded;
            this.refundedAt = refundedAt;
            return this;
        }

        public Builder livemode(Boolean livemode) {
            this.livemode = livemode;
            return this;
        }

        public Builder products(List<String> productRefs) {
            this.productRefs = productRefs;
            return this;
        }

        /** The snapshot of a payment that reached {@code payment} at {@code occurredAt}. */
        public PaymentSnapshot build(EventType payment, Instant occurredAt) {
            if (amountMinor == null) {
                throw new IllegalStateException("a payment snapshot without its amount: " + paymentId);
            }
            return new PaymentSnapshot(
                    provider,
                    paymentId,
                    orderId,
                    payment,
                    occurredAt,
                    amountMinor,
                    currency,
                    refunded,
                    refundedAt,
                    livemode,
                    productRefs,
                    providerStatus);
        }
    }

    public String factId() {
        String id = "query:" + paymentId + ":" + status().wireName();
        return refunded > 0 ? id + ":" + refunded : id;
    }

    public PaymentStatus status() {
        PaymentStatus lifecycle = PaymentStatus.valueOf(payment.name().substring("PAYMENT_".length()));
        if (lifecycle != PaymentStatus.SUCCEEDED || refunded <= 0) {
            return lifecycle;
        }
        return refunded >= amountMinor ? PaymentStatus.REFUNDED : PaymentStatus.PARTIALLY_REFUNDED;
    }

    public List<NormalizedEvent> events() {
        List<NormalizedEvent> events = new ArrayList<>();
        String lifecycle = "query:" + paymentId + ":" + payment.wireName().substring("payment.".length());
        events.add(builder(lifecycle, occurredAt).amount(amountMinor, currency).build(payment));
        if (refunded > 0) {
            events.add(builder(factId(), refundedAt == null ? occurredAt : refundedAt)
                    .amount(refunded, currency)
                    .build(EventType.REFUND_SUCCEEDED));
        }
        return events;
    }

    /** The reading of a lookup fact that said this. */
    public Reading reading() {
        return Reading.of(factId(), this::events);
    }

    /**
     * A lookup fact of {@code kind}, its JSON turned into a snapshot by {@code mapping}: the reading
     * of a provider's API answer. Never throws for bad content.
     */
    public static Reading read(Fact fact, String kind, Function<JsonNode, PaymentSnapshot> mapping) {
        if (!kind.equals(fact.kind())) {
            return Reading.failed(null, new UnparseablePayload("not a " + kind + " fact: " + fact.kind()));
        }
        try {
            return mapping.apply(WireJson.tree(fact.body())).reading();
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
    }

    private NormalizedEvent.Builder builder(String eventId, Instant at) {
        return NormalizedEvent.builder(provider, eventId, providerStatus, at)
                .payment(paymentId)
                .order(orderId)
                .livemode(livemode)
                .products(productRefs);
    }
}
