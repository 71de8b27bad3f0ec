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
}
