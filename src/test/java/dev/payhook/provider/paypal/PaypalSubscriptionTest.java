package dev.payhook.provider.paypal;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import dev.payhook.support.ApiStubs;
import dev.payhook.support.Fixtures;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.PaypalKeys;
import dev.payhook.support.SubscriptionScenarios;
import dev.payhook.support.TestProvider;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * PayPal's BILLING.SUBSCRIPTION.* events and its sales of a subscription (PAYMENT.SALE.COMPLETED /
 * DENIED with billing_agreement_id). PayPal has no scheduled cancellation: a CANCELLED subscription
 * that still names its next billing time keeps its access until then.
 */
class PaypalSubscriptionTest extends SubscriptionScenarios {

    @Override
    protected TestProvider testProvider() {
        return null;
    }

    @Override
    protected String provider() {
        return "paypal";
    }

    @Override
    protected Answer deliver(String eventId, byte[] body) {
        return gateway.post(
                "/webhooks/paypal",
                "application/json",
                body,
                PaypalScenariosTest.headers(
                        body,
                        PaypalKeys.key("current"),
                        GatewayTest.PAYPAL_WEBHOOK_ID,
                        Instant.now(),
                        PaypalScenariosTest.CERT_URL));
    }

    /** A PayPal subscription names its plan, not the plan's price. */
    @Override
    protected boolean billsAPrice() {
        return false;
    }

    @Override
    protected byte[] subscription(String eventId, Change change, Sub s, Instant at, Instant periodEnd) {
        Map<String, Object> v = new HashMap<>();
        v.put("event_id", eventId);
        v.put("occurred_at", at);
        v.put(
                "type",
                switch (change) {
                    case CREATED -> "BILLING.SUBSCRIPTION.ACTIVATED";
                    case UPDATED -> "BILLING.SUBSCRIPTION.UPDATED";
                    case PAST_DUE -> "BILLING.SUBSCRIPTION.PAYMENT.FAILED";
                    case CANCEL_AT_PERIOD_END, CANCELED -> "BILLING.SUBSCRIPTION.CANCELLED";
                });
        boolean ended = change == Change.CANCEL_AT_PERIOD_END || change == Change.CANCELED;
        v.put("status", ended ? "CANCELLED" : "ACTIVE");
        v.put("next_billing_time", change == Change.CANCELED ? null : "\"" + periodEnd + "\"");
        v.put("failed_payments", change == Change.PAST_DUE ? 1 : 0);
        v.put("subscription_id", s.id());
        v.put("order_id", s.order());
        return Fixtures.load("paypal/subscription.json", v);
    }

    /** PayPal's {@code GET /v1/billing/subscriptions/{id}} answers the subscription, the webhook's {@code resource}. */
    @Override
    protected void stubLookup(Sub s, byte[] webhook) {
        String resource =
                JsonMapper.builder().build().readTree(webhook).path("resource").toString();
        ApiStubs.server()
                .stubFor(get(urlPathEqualTo("/paypal/v1/billing/subscriptions/" + s.id()))
                        .withHeader("Authorization", equalTo("Bearer " + ApiStubs.PAYPAL_TOKEN))
                        .willReturn(okJson(resource)));
    }

    @Override
    protected byte[] renewal(
            String eventId, Sub s, String payment, long amount, long preTax, boolean paid, Instant at) {
        Map<String, Object> v = new HashMap<>();
        v.put("event_id", eventId);
        v.put("occurred_at", at);
        v.put("type", paid ? "PAYMENT.SALE.COMPLETED" : "PAYMENT.SALE.DENIED");
        v.put("state", paid ? "completed" : "denied");
        v.put("payment_id", payment);
        v.put("subscription_id", s.id());
        v.put("value", BigDecimal.valueOf(amount, 2).toPlainString());
        v.put("subtotal", BigDecimal.valueOf(preTax, 2).toPlainString());
        v.put("tax", BigDecimal.valueOf(amount - preTax, 2).toPlainString());
        return Fixtures.load("paypal/sale.json", v);
    }
}
