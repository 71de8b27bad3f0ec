package dev.payhook.provider.razorpay;

import tools.jackson.databind.JsonNode;

/**
 * Razorpay's webhook envelope (https://razorpay.com/docs/webhooks/payments/): the entities it
 * concerns under {@code payload.<name>.entity}, times in Unix seconds, amounts in the currency's
 * subunit. {@code notes} is an object, or an empty array when the merchant set none.
 */
record RazorpayEvent(String event, String accountId, Long createdAt, Payload payload) {

    record Payload(Wrapped payment, Wrapped refund, Wrapped dispute, Wrapped order) {}

    record Wrapped(JsonNode entity) {}

    /** https://razorpay.com/docs/api/payments/ */
    record Payment(
            String id,
            Long amount,
            String currency,
            String status,
            String orderId,
            Long amountRefunded,
            JsonNode notes,
            Long createdAt) {}

    /** https://razorpay.com/docs/api/refunds/ */
    record Refund(
            String id, String paymentId, Long amount, String currency, String status, JsonNode notes, Long createdAt) {}

    /** https://razorpay.com/docs/api/disputes/entity/ */
    record Dispute(
            String id,
            String paymentId,
            Long amount,
            String currency,
            Long amountDeducted,
            String status,
            Long createdAt) {}

    /** https://razorpay.com/docs/api/orders/entity/ */
    record Order(String id, String receipt, JsonNode notes) {}
}
