package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.payhook.payment.EntitlementStatus;
import dev.payhook.payment.OrderStatus;
import dev.payhook.payment.PaymentStatus;
import dev.payhook.payment.ReviewKind;
import dev.payhook.payment.SubscriptionStatus;
import dev.payhook.store.ReviewStore;
import java.time.Instant;
import java.util.List;

/**
 * An order as {@code GET /api/orders/{id}} answers it, and as the evidence pack's summary holds it:
 * its terms and status, the checkout it was registered with, its entitlement, every payment made
 * for it (a subscription's renewals too), its reviews and its subscription.
 */
public record OrderView(
        @JsonProperty("order_id") String orderId,
        OrderStatus status,
        long version,
        @JsonProperty("amount_minor") long amountMinor,
        String currency,
        String sku,
        @JsonProperty("customer_id") String customerId,
        @JsonUnwrapped OrderCheckout checkout,
        OrderEntitlement entitlement,
        List<OrderPayment> payments,
        List<OrderReview> reviews,
        @JsonInclude(JsonInclude.Include.NON_NULL) OrderSubscription subscription) {

    /** The provider the checkout used and its id for it; absent from the answer when not registered. */
    public record OrderCheckout(
            String provider,
            @JsonProperty("provider_reference") String providerReference) {}

    public record OrderEntitlement(EntitlementStatus status) {}

    public record OrderPayment(
            String provider,
            @JsonProperty("provider_payment_id") String providerPaymentId,
            PaymentStatus status,
            @JsonProperty("amount_minor") long amountMinor,
            String currency,
            @JsonProperty("refunded_minor") long refundedMinor,
            @JsonProperty("occurred_at") Instant occurredAt) {}

    public record OrderReview(long id, ReviewKind kind, ReviewStore.Status status) {}

    public record OrderSubscription(
            String provider,
            @JsonProperty("provider_subscription_id") String providerSubscriptionId,
            SubscriptionStatus status,
            @JsonProperty("current_period_end") Instant currentPeriodEnd,
            @JsonProperty("cancel_at") Instant cancelAt) {}
}
