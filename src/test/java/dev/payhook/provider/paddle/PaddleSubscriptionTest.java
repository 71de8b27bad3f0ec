package dev.payhook.provider.paddle;

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

/** Paddle Billing's subscription.* notifications and the transactions of a subscription. */
class PaddleSubscriptionTest extends SubscriptionScenarios {

    @Override
    protected TestProvider testProvider() {
        return TestProvider.PADDLE;
    }

    @Override
    protected byte[] subscription(String eventId, Change change, Sub s, Instant at, Instant periodEnd) {
        boolean ended = change == Change.CANCELED;
        Map<String, Object> v = new HashMap<>();
        v.put("event_id", eventId);
        v.put("occurred_at", at);
        v.put(
                "type",
                switch (change) {
                    case CREATED -> "subscription.created";
                    case PAST_DUE -> "subscription.past_due";
                    case CANCELED -> "subscription.canceled";
                    default -> "subscription.updated";
                });
        v.put(
                "status",
                switch (change) {
                    case PAST_DUE -> "past_due";
                    case CANCELED -> "canceled";
                    default -> "active";
                });
        v.put("subscription_id", s.id());
        v.put("order_id", s.order());
        v.put("price", s.price());
        v.put("next_billed_at", ended ? null : quoted(periodEnd));
        v.put("canceled_at", ended ? quoted(at) : null);
        v.put(
                "current_billing_period",
                ended ? null : "{\"starts_at\":" + quoted(at) + ",\"ends_at\":" + quoted(periodEnd) + "}");
        v.put(
                "scheduled_change",
                change == Change.CANCEL_AT_PERIOD_END
                        ? "{\"action\":\"cancel\",\"effective_at\":" + quoted(periodEnd) + ",\"resume_at\":null}"
                        : null);
        return Fixtures.load("paddle/subscription.json", v);
    }

    /** Paddle's {@code GET /subscriptions/{id}} answers the entity in {@code data}, beside {@code meta}. */
    @Override
    protected void stubLookup(Sub s, byte[] webhook) {
        String data =
                JsonMapper.builder().build().readTree(webhook).path("data").toString();
        ApiStubs.server()
                .stubFor(get(urlPathEqualTo("/paddle/subscriptions/" + s.id()))
                        .withHeader("Authorization", equalTo("Bearer " + ApiStubs.PADDLE_KEY))
                        .willReturn(
                                okJson("{\"data\":" + data + ",\"meta\":{\"request_id\":\"" + unique("req") + "\"}}")));
    }

    @Override
    protected byte[] renewal(
            String eventId, Sub s, String payment, long amount, long preTax, boolean paid, Instant at) {
        Map<String, Object> v = new HashMap<>();
        v.put("event_id", eventId);
        v.put("occurred_at", at);
        v.put("type", paid ? "transaction.completed" : "transaction.payment_failed");
        v.put("status", paid ? "completed" : "past_due");
        v.put("payment_id", payment);
        v.put("subscription_id", s.id());
        v.put("subtotal", preTax);
        v.put("tax", amount - preTax);
        v.put("amount", amount);
        return Fixtures.load("paddle/transaction.subscription.json", v);
    }

    private static String quoted(Instant t) {
        return "\"" + t + "\"";
    }
}
