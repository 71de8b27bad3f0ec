package dev.payhook.provider.stripe;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.reconcile.Reconciler;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Fixtures;
import dev.payhook.support.StripeApiStubs;
import dev.payhook.support.SubscriptionScenarios;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Stripe's customer.subscription.* and invoice events (API 2025-03-31: the period is on the items). */
class StripeSubscriptionTest extends SubscriptionScenarios {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    Reconciler reconciler;

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

    /**
     * Canceled at Stripe to end with its period, and both webhooks lost (the update, then the
     * deletion): the daily run asks Stripe about the subscription, and the entitlement ends at
     * the period end, not before; asked again, the same answer changes nothing.
     */
    @Test
    void aCancellationWhoseWebhooksAreLostIsFoundByTheDailyRunAndEndsTheEntitlementAtThePeriodEnd() {
        Sub s = signUp(1500, 1500);
        String order = s.order();
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Instant periodEnd = now.plusSeconds(8);
        String created = unique("evt");
        assertThat(deliver(created, subscription(created, Change.CREATED, s, now, periodEnd))
                        .status())
                .isEqualTo(200);
        await().atMost(DEADLINE).until(() -> "active".equals(entitlement(order)));

        JsonNode object = JSON.readTree(subscription("unused", Change.CANCEL_AT_PERIOD_END, s, now, periodEnd))
                .path("data")
                .path("object");
        ((ObjectNode) object).put("created", now.getEpochSecond());
        StripeApiStubs.stub(
                get(urlPathEqualTo("/stripe/v1/subscriptions/" + s.id()))
                        .withHeader("Authorization", equalTo("Bearer " + ApiStubs.STRIPE_KEY)),
                okJson(object.toString()));

        awaitRun(reconciler.daily());
        assertThat(gateway.order(order).path("subscription").path("cancel_at").asString())
                .isEqualTo(periodEnd.toString());
        assertThat(entitlement(order)).as("until the period it paid for ends").isEqualTo("active");
        int events = count(
                "SELECT count(*) FROM subscription_events e JOIN subscriptions s ON s.id = e.subscription_id"
                        + " WHERE s.provider_subscription_id = ?",
                s.id());

        await().atMost(DEADLINE).until(() -> "revoked".equals(entitlement(order)));
        assertThat(Instant.now()).isAfterOrEqualTo(periodEnd);

        awaitRun(reconciler.daily());
        assertThat(count(
                        "SELECT count(*) FROM subscription_events e JOIN subscriptions s ON s.id = e.subscription_id"
                                + " WHERE s.provider_subscription_id = ?",
                        s.id()))
                .as("the same answer again is a duplicate")
                .isEqualTo(events);
    }

    private String entitlement(String order) {
        return gateway.order(order).path("entitlement").path("status").asString();
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
