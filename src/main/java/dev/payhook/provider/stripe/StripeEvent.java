package dev.payhook.provider.stripe;

import tools.jackson.databind.JsonNode;

/** Stripe's event envelope as sent (https://docs.stripe.com/api/events/object). */
public record StripeEvent(String id, String type, Long created, Boolean livemode, Data data) {

    public record Data(JsonNode object) {}
}
