package dev.payhook.provider.stripe;

import tools.jackson.databind.JsonNode;

/**
 * Stripe's event envelope as sent (https://docs.stripe.com/api/events/object); {@code account}: the
 * connected account an event of Stripe Connect is for.
 */
public record StripeEvent(String id, String type, Long created, Boolean livemode, String account, Data data) {

    public record Data(JsonNode object) {}
}
