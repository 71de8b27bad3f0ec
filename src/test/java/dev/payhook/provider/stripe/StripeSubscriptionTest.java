package dev.payhook.provider.stripe;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import dev.payhook.support.ApiStubs;
import dev.payhook.support.Fixtures;
import dev.payhook.support.StripeApiStubs;
import dev.payhook.support.SubscriptionScenarios;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Stripe's customer.subscription.* and invoice events (API 2025-03-31: the period is on the items). */
class StripeSubscriptionTest extends SubscriptionScenarios {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    protected TestProvider testProvider() {
        return TestProvider.STRIPE;
    }

    @Override
    protected byte[] subscription(String eventId, Change change, Sub s, Instant at, Instant periodEnd) {
        Map<String, Object> v = new HashMap<>();
        v.put("event_id", eventId);
        v.put(
                "type",
                switch (change) {
                    case CREATED -> "customer.subscription.created";
                    case CANCELED -> "customer.subscription.deleted";
                    default -> "customer.subscription.updated";
                });
        v.put(
                "status",
                switch (change) {
                    case PAST_DUE -> "past_due";
                    case CANCELED -> "canceled";
                    default -> "active";
                });
        boolean scheduled = change == Change.CANCEL_AT_PERIOD_END;
        boolean ended = change == Change.CANCELED;
        v.put("cancel_at", scheduled ? periodEnd.getEpochSecond() : null);
        v.put("cancel_at_period_end", scheduled);
        v.put("canceled_at", scheduled || ended ? at.getEpochSecond() : null);
        v.put("ended_at", ended ? at.getEpochSecond() : null);
        v.put("created", at.getEpochSecond());
        v.put("period_end", periodEnd.getEpochSecond());
        v.put("subscription_id", s.id());
        v.put("order_id", s.order());
        v.put("price", s.price());
        return Fixtures.load("stripe/customer.subscription.json", v);
    }

    /** Stripe's {@code GET /v1/subscriptions/{id}} answers the subscription object itself. */
    @Override
    protected void stubLookup(Sub s, byte[] webhook) {
        JsonNode object = JSON.readTree(webhook).path("data").path("object");
        ((ObjectNode) object)
                .put("created", JSON.readTree(webhook).path("created").asLong());
        StripeApiStubs.stub(
                get(urlPathEqualTo("/stripe/v1/subscriptions/" + s.id()))
                        .withHeader("Authorization", equalTo("Bearer " + ApiStubs.STRIPE_KEY)),
                okJson(object.toString()));
    }

    @Override
    protected byte[] renewal(
            String eventId, Sub s, String payment, long amount, long preTax, boolean paid, Instant at) {
        Map<String, Object> v = new HashMap<>();
        v.put("event_id", eventId);
        v.put("type", paid ? "invoice.paid" : "invoice.payment_failed");
        v.put("status", paid ? "paid" : "open");
        v.put("created", at.getEpochSecond());
        v.put("payment_id", payment);
        v.put("subscription_id", s.id());
        v.put("subtotal", preTax);
        v.put("amount", amount);
        v.put("amount_paid", paid ? amount : 0);
        v.put("amount_remaining", paid ? 0 : amount);
        return Fixtures.load("stripe/invoice.json", v);
    }
}
