package dev.payhook.outbox;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * The {@code data} of each message on payhook.events, a record per JSON Schema of docs/events/
 * (PublishedSchemasTest keeps each record's fields and its schema's the same), written in
 * snake_case. Strings where the wire has a wire name or an ISO-8601 time.
 */
public sealed interface Published {

    /** {@code order.<status>}, {@code entitlement.<status>}: docs/events/order.json. */
    record OrderChanged(
            String orderId,
            String status,
            long version,
            Entitlement entitlement,
            long amountMinor,
            String currency,
            String sku,
            String customerId,
            Cause cause)
            implements Published {}

    /** An order's entitlement and when it changes by itself, if it does. */
    record Entitlement(String status, String changesAt) {}

    /** What changed an order. */
    sealed interface Cause {}

    /** A provider's event changed it. */
    record EventCause(
            String provider,
            String eventId,
            @JsonInclude(JsonInclude.Include.NON_NULL) String providerPaymentId,
            @JsonInclude(JsonInclude.Include.NON_NULL) String providerSubscriptionId)
            implements Cause {}

    /** A job that settles orders as time passes changed it. */
    record JobCause(String job) implements Cause {}

    /** {@code review.opened}: docs/events/review.opened.json. */
    record ReviewOpened(long reviewId, String kind, String orderId, String provider, String providerPaymentId)
            implements Published {}

    /** {@code refund_request.<status>}: docs/events/refund_request.json. */
    record RefundRequestChanged(
            String refundRequestId,
            String provider,
            String providerPaymentId,
            String orderId,
            long amountMinor,
            String currency,
            String reason,
            String providerRefundId,
            Long reviewId,
            @JsonInclude(JsonInclude.Include.NON_NULL) String error)
            implements Published {}

    /** A provider's event in Payhook's terms (payment.succeeded, ...): docs/events/provider-event.json. */
    record ProviderEvent(@JsonUnwrapped Reading reading, String paymentStatus, String subscriptionStatus)
            implements Published {}

    /** How Payhook read a provider's event. */
    record Reading(
            String provider,
            String eventId,
            String type,
            String occurredAt,
            String providerPaymentId,
            String orderId,
            Long amountMinor,
            String currency,
            String refundId,
            String providerSubscriptionId) {}

    /**
     * A provider's event as it came, for an integrator's branch: docs/events/branch.json. The
     * payload is the provider's JSON, or the text of a body that is not JSON.
     */
    record BranchOffer(String provider, String type, String eventId, String receivedAt, Object payload, Reading reading)
            implements Published {}
}
