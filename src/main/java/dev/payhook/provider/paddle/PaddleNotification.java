package dev.payhook.provider.paddle;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Paddle Billing's notification envelope and the entities Payhook reads from {@code data}. */
record PaddleNotification(String eventId, String eventType, Instant occurredAt, String notificationId, JsonNode data) {

    record Transaction(
            String id,
            String status,
            String currencyCode,
            Map<String, Object> customData,
            Details details,
            List<Item> items,
            String subscriptionId,
            String origin) {}

    record Details(Totals totals) {}

    record Totals(String subtotal, String total, String grandTotal, String currencyCode) {}

    record Item(Price price, Long quantity) {}

    record Price(String id, String productId, UnitPrice unitPrice) {}

    /** Paddle writes amounts as strings of minor units. */
    record UnitPrice(String amount, String currencyCode) {}

    record Subscription(
            String id,
            String status,
            String currencyCode,
            Map<String, Object> customData,
            BillingPeriod currentBillingPeriod,
            ScheduledChange scheduledChange,
            Instant canceledAt,
            List<Item> items) {}

    record BillingPeriod(Instant startsAt, Instant endsAt) {}

    record ScheduledChange(String action, Instant effectiveAt) {}

    record Adjustment(
            String id, String action, String status, String transactionId, String currencyCode, Totals totals) {}
}
