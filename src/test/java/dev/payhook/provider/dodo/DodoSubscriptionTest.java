package dev.payhook.provider.dodo;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import dev.payhook.support.ApiStubs;
import dev.payhook.support.Fixtures;
import dev.payhook.support.SubscriptionScenarios;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/** Dodo Payments' subscription.* webhooks and the payments of a subscription. */
class DodoSubscriptionTest extends SubscriptionScenarios {

    @Override
    protected TestProvider testProvider() {
        return TestProvider.DODO;
    }

    @Override
    protected byte[] subscription(String eventId, Change change, Sub s, Instant at, Instant periodEnd) {
        Map<String, Object> v = new HashMap<>();
        v.put("occurred_at", at);
        v.put(
                "type",
                switch (change) {
                    case CREATED -> "subscription.active";
                    case PAST_DUE -> "subscription.on_hold";
                    case CANCELED -> "subscription.cancelled";
                    default -> "subscription.updated";
                });
        v.put(
                "status",
                switch (change) {
                    case PAST_DUE -> "on_hold";
                    case CANCELED -> "cancelled";
                    default -> "active";
                });
        v.put("subscription_id", s.id());
        v.put("business_id", "bus_T3stBusiness");
        v.put("order_id", s.order());
        v.put("price", s.price());
        v.put("next_billing_date", "\"" + periodEnd + "\"");
        v.put("cancel_at_next_billing_date", change == Change.CANCEL_AT_PERIOD_END);
        v.put("cancelled_at", change == Change.CANCELED ? "\"" + at + "\"" : null);
        return Fixtures.load("dodo/subscription.json", v);
    }

    /** Dodo's {@code GET /subscriptions/{id}} answers the subscription itself, as the webhook's {@code data}. */
    @Override
    protected void stubLookup(Sub s, byte[] webhook) {
        String data =
                JsonMapper.builder().build().readTree(webhook).path("data").toString();
        ApiStubs.server()
                .stubFor(get(urlPathEqualTo("/dodo/subscriptions/" + s.id()))
                        .withHeader("Authorization", equalTo("Bearer " + ApiStubs.DODO_KEY))
                        .willReturn(okJson(data)));
    }

    @Override
    protected byte[] renewal(
            String eventId, Sub s, String payment, long amount, long preTax, boolean paid, Instant at) {
        Map<String, Object> v = new HashMap<>();
        v.put("occurred_at", at);
        v.put("type", paid ? "payment.succeeded" : "payment.failed");
        v.put("status", paid ? "succeeded" : "failed");
        v.put("payment_id", payment);
        v.put("subscription_id", s.id());
        v.put("tax", amount - preTax);
        v.put("amount", amount);
        return Fixtures.load("dodo/payment.subscription.json", v);
    }
}
