package dev.payhook.provider.dodo;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Dodo Payments' webhook payload (the Standard Webhooks sender built in) and its data objects. */
record DodoWebhook(String businessId, String type, Instant timestamp, JsonNode data) {

    record Payment(
            String paymentId,
            Long totalAmount,
            String currency,
            String status,
            Map<String, Object> metadata,
            List<CartItem> productCart,
            String subscriptionId,
            Long tax,
            String discountId) {}

    record Subscription(
            String subscriptionId,
            String status,
            String currency,
            Map<String, Object> metadata,
            Instant nextBillingDate,
            Boolean cancelAtNextBillingDate,
            Instant cancelledAt,
            Instant expiresAt,
            Long recurringPreTaxAmount) {}

    record CartItem(String productId, Long quantity) {}

    record Refund(String refundId, String paymentId, Long amount, String currency, String status) {}

    record Dispute(String disputeId, String paymentId, String amount, String currency) {}
}
