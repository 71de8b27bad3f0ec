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
            List<Item> items) {}

    record Details(Totals totals) {}

    record Totals(String total, String grandTotal, String currencyCode) {}

    record Item(Price price) {}

    record Price(String id, String productId) {}

    record Adjustment(
            String id, String action, String status, String transactionId, String currencyCode, Totals totals) {}
}
