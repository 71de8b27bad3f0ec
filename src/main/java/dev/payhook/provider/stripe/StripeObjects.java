package dev.payhook.provider.stripe;

import java.util.List;
import java.util.Map;

/** The Stripe objects Payhook reads out of {@code data.object}, field for field as Stripe names them. */
final class StripeObjects {

    private StripeObjects() {}

    record PaymentIntent(
            String id,
            Long amount,
            Long amountReceived,
            String currency,
            String status,
            Map<String, String> metadata,
            Long created,
            Boolean livemode) {}

    record Charge(
            String id,
            String paymentIntent,
            Long amount,
            Long amountRefunded,
            String currency,
            String status,
            Map<String, String> metadata,
            RefundList refunds) {}

    record RefundList(List<Refund> data) {}

    record Refund(
            String id,
            Long amount,
            String currency,
            String charge,
            String paymentIntent,
            String status,
            Long created) {}

    record Dispute(String id, Long amount, String currency, String charge, String paymentIntent, String status) {}

    record CheckoutSession(
            String id,
            String paymentIntent,
            Long amountTotal,
            String currency,
            String paymentStatus,
            String clientReferenceId,
            Map<String, String> metadata) {}

    record Subscription(
            String id,
            String status,
            String currency,
            Long currentPeriodEnd,
            Long cancelAt,
            Boolean cancelAtPeriodEnd,
            Long canceledAt,
            Long endedAt,
            Long created,
            Map<String, String> metadata,
            SubscriptionItems items) {}

    record SubscriptionItems(List<SubscriptionItem> data) {}

    /** Since API version 2025-03-31 the period is the item's, no longer the subscription's. */
    record SubscriptionItem(Price price, Long quantity, Long currentPeriodEnd) {}

    record Price(Long unitAmount, String currency) {}

    /** An invoice names its subscription directly (older API versions) or under {@code parent} (newer). */
    record Invoice(
            String id,
            String subscription,
            String paymentIntent,
            String billingReason,
            String currency,
            Long amountPaid,
            Long amountDue,
            Long subtotal,
            SubscriptionDetails subscriptionDetails,
            InvoiceParent parent) {}

    record InvoiceParent(SubscriptionDetails subscriptionDetails) {}

    record SubscriptionDetails(String subscription, Map<String, String> metadata) {}
}
