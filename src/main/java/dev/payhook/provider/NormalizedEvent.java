package dev.payhook.provider;

import dev.payhook.payment.EventType;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One provider event in Payhook's terms. Amounts are integers in minor units of {@code currency}.
 * Fields a provider does not carry for this type are null.
 *
 * @param connectedAccount the account within the provider's platform the payment belongs to, which
 *     its API must be told when asked about it or to refund it (a Stripe Connect acct_ id);
 *     null for the platform's own
 */
public record NormalizedEvent(
        String provider,
        String eventId,
        EventType type,
        Instant occurredAt,
        String providerPaymentId,
        String orderId,
        Long amountMinor,
        String currency,
        String refundId,
        Boolean livemode,
        List<String> productRefs,
        String providerType,
        String subscriptionId,
        SubscriptionTerms subscription,
        Map<String, String> accounts,
        String connectedAccount) {

    /** The key of the first lock: has this message been seen. */
    public String lockKey() {
        return provider + ":" + eventId;
    }

    public static Builder builder(String provider, String eventId, String providerType, Instant occurredAt) {
        return new Builder(provider, eventId, providerType, occurredAt);
    }

    /** Formats fill in what the provider's event carries; the rest stays null. */
    public static final class Builder {
        private final String provider;
        private final String eventId;
        private final String providerType;
        private final Instant occurredAt;
        private String paymentId;
        private String orderId;
        private Long amountMinor;
        private String currency;
        private String refundId;
        private Boolean livemode;
        private List<String> productRefs = List.of();
        private String subscriptionId;
        private SubscriptionTerms subscription;
        private final Map<String, String> accounts = new LinkedHashMap<>();
        private String connectedAccount;

        /** Every id and name taken from the payload is checked here once: nothing else reaches the database. */
        private Builder(String provider, String eventId, String providerType, Instant occurredAt) {
            this.provider = provider;
            this.eventId = Identifiers.require(eventId, "event id");
            this.providerType = Identifiers.require(providerType, "event type");
            this.occurredAt = WireJson.require(occurredAt, "event time");
        }

        public Builder payment(String providerPaymentId) {
            this.paymentId = Identifiers.optional(providerPaymentId, "payment id");
            return this;
        }

        public Builder order(String orderId) {
            this.orderId = Identifiers.optional(orderId, "order id");
            return this;
        }

        public Builder amount(Long amountMinor, String currency) {
            this.amountMinor = amountMinor;
            this.currency = currency == null ? null : Money.currency(currency);
            return this;
        }

        public Builder refund(String refundId) {
            this.refundId = Identifiers.optional(refundId, "refund id");
            return this;
        }

        public Builder livemode(Boolean livemode) {
            this.livemode = livemode;
            return this;
        }

        public Builder products(List<String> productRefs) {
            this.productRefs = productRefs == null
                    ? List.of()
                    : productRefs.stream()
                            .map(ref -> Identifiers.require(ref, "product reference"))
                            .toList();
            return this;
        }

        /** The subscription the event is about, or whose payment it is, and what it says of it. */
        public Builder subscription(String subscriptionId, SubscriptionTerms terms) {
            this.subscriptionId = Identifiers.optional(subscriptionId, "subscription id");
            this.subscription = terms;
            return this;
        }

        /**
         * An account id the notification names, under the name ops configure ours by
         * ({@code payhook.providers.<id>.accounts.<name>}); absent (null) ids are not checked.
         */
        public Builder account(String name, String id) {
            if (id != null) {
                accounts.put(name, id);
            }
            return this;
        }

        /** The connected account the payment belongs to, which the provider's API calls about it name. */
        public Builder connectedAccount(String id) {
            this.connectedAccount = Identifiers.optional(id, "connected account");
            return this;
        }

        /** A payment event concerns one payment, a subscription event one subscription: without its id it cannot be applied. */
        public NormalizedEvent build(EventType type) {
            if (type.branch() == EventType.Branch.PAYMENT) {
                WireJson.require(paymentId, "payment id");
            }
            if (type.branch() == EventType.Branch.SUBSCRIPTION) {
                WireJson.require(subscriptionId, "subscription id");
            }
            return new NormalizedEvent(
                    provider,
                    eventId,
                    type,
                    occurredAt,
                    paymentId,
                    orderId,
                    amountMinor,
                    currency,
                    refundId,
                    livemode,
                    productRefs,
                    providerType,
                    subscriptionId,
                    subscription,
                    Map.copyOf(accounts),
                    connectedAccount);
        }
    }
}
