package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.payhook.support.StripeApiStubs.intent;
import static dev.payhook.support.StripeApiStubs.list;
import static dev.payhook.support.StripeApiStubs.refund;
import static dev.payhook.support.StripeApiStubs.searchFor;
import static dev.payhook.support.StripeApiStubs.stub;
import static dev.payhook.support.StripeApiStubs.stubPayment;
import static dev.payhook.support.StripeApiStubs.stubRefunds;
import static dev.payhook.support.StripeApiStubs.stubSearch;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.TestProvider;
import jakarta.jms.JMSException;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jms.core.JmsTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Stripe asked through its API, stubbed at {@code api.base-url} in Stripe's published format: a lost
 * webhook is found by order and by the event feed, facts learned twice apply once, a failing API
 * changes nothing.
 */
class StripeReconcileTest extends ReconcileContract {

    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @Autowired
    JmsTemplate jms;

    StripeReconcileTest() {
        super(STRIPE, "EUR");
    }

    @Override
    protected String newPaymentId() {
        return unique("pi");
    }

    /** Found by the order id in the metadata (Search API), then the intent and its refunds by id. */
    @Override
    protected List<StubMapping> stubPaid(String order, String pay, Instant at) {
        String paid = intent(pay, order, AMOUNT, "eur", "succeeded", at);
        return List.of(stubSearch(order, paid), stubPayment(pay, paid), stubRefunds(pay));
    }

    @Override
    protected List<StubMapping> stubRefunded(String order, String pay, Instant at) {
        return List.of(
                stubPayment(pay, intent(pay, order, AMOUNT, "eur", "succeeded", at)),
                stubRefunds(pay, refund(unique("re"), pay, AMOUNT, "eur", "succeeded", null, at.plusSeconds(300))));
    }

    @Override
    protected List<StubMapping> stubRefusing(String order) {
        return List.of(stub(
                searchFor(order),
                stripeError(401, "invalid_request_error", "Invalid API Key provided: sk_test_****0000")));
    }

    @Test
    void aLostWebhookIsLookedUpWithTheKeyThroughTheSearchApi() {
        String order = unique("ord");
        gateway.putOrder(order, AMOUNT, "EUR");
        stubPaid(order, unique("pi"), Instant.now().minusSeconds(300));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("trigger").asString()).isEqualTo("order");
        assertThat(run.path("finished_at").asString()).matches("\\d{4}-\\d{2}-\\d{2}T.*");
        assertThat(run.path("checked").asInt()).isEqualTo(1);
        assertThat(count(
                        "SELECT count(*) FROM receipts WHERE order_id = ? AND source = 'reconciler' AND run_id = ?",
                        order,
                        UUID.fromString(run.path("run_id").asString())))
                .isEqualTo(1);
        API.verify(getRequestedFor(urlPathEqualTo("/stripe/v1/payment_intents/search"))
                .withHeader("Authorization", equalTo("Bearer " + ApiStubs.STRIPE_KEY)));
    }

    @Test
    void paymentAlreadyKnownFromItsWebhookIsUnchanged() {
        String order = unique("ord");
        String pi = unique("pi");
        gateway.putOrder(order, 1200, "EUR");
        Instant paidAt = Instant.now().minusSeconds(60);
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, pi, order, 1200, "EUR", paidAt));
        awaitOrder(order, "paid");
        stubPayment(pi, intent(pi, order, 1200, "eur", "succeeded", paidAt));
        stubRefunds(pi);

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("applied").asInt()).isZero();
        assertThat(run.path("unchanged").asInt()).isEqualTo(1);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
    }

    @Test
    void aPartialRefundKnownOnlyToTheApiIsAppliedOnce() {
        String order = unique("ord");
        String pi = unique("pi");
        gateway.putOrder(order, 3000, "USD");
        Instant paidAt = Instant.now().minusSeconds(600);
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, pi, order, 3000, "USD", paidAt));
        awaitOrder(order, "paid");
        stubPayment(pi, intent(pi, order, 3000, "usd", "succeeded", paidAt));
        stubRefunds(pi, refund(unique("re"), pi, 1000, Instant.now().minusSeconds(30)));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        JsonNode refunded = gateway.order(order);
        assertThat(refunded.path("status").asString()).isEqualTo("partially_refunded");
        assertThat(refunded.path("payments").get(0).path("refunded_minor").asLong())
                .isEqualTo(1000);

        JsonNode again = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));
        assertThat(again.path("applied").asInt()).isZero();
        assertThat(gateway.order(order)
                        .path("payments")
                        .get(0)
                        .path("refunded_minor")
                        .asLong())
                .isEqualTo(1000);
    }

    @Test
    void feedAppliesWhatNoWebhookDeliveredAndDedupesWhatOneDid() {
        String lostOrder = unique("ord");
        String seenOrder = unique("ord");
        gateway.putOrder(lostOrder, 900, "EUR");
        gateway.putOrder(seenOrder, 700, "EUR");
        Instant at = Instant.now().minusSeconds(120);
        String lost = unique("evt");
        String seen = unique("evt");
        byte[] lostEvent = STRIPE.payment(lost, unique("pi"), lostOrder, 900, "EUR", at);
        byte[] seenEvent = STRIPE.payment(seen, unique("pi"), seenOrder, 700, "EUR", at);
        gateway.deliver(STRIPE, seen, seenEvent);
        awaitOrder(seenOrder, "paid");
        stub(get(urlPathEqualTo("/stripe/v1/events")), okJson(list("/v1/events", text(seenEvent), text(lostEvent))));

        JsonNode run = awaitRun(reconcile("{\"provider\":\"stripe\",\"since\":\"" + at.minusSeconds(60) + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("checked").asInt()).isEqualTo(2);
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        assertThat(run.path("unchanged").asInt()).isEqualTo(1);
        assertThat(gateway.order(lostOrder).path("status").asString()).isEqualTo("paid");
        assertThat(count("SELECT count(*) FROM payment_events WHERE event_id IN (?, ?)", lost, seen))
                .isEqualTo(2);
        API.verify(getRequestedFor(urlPathEqualTo("/stripe/v1/events"))
                .withQueryParam(
                        "created[gte]",
                        equalTo(Long.toString(at.minusSeconds(60).getEpochSecond()))));

        // the feed's cursor is stored: the next run without since reads from it, and finds nothing new
        JsonNode next = awaitRun(reconcile("{\"provider\":\"stripe\"}"));
        assertThat(next.path("applied").asInt()).isZero();
        assertThat(next.path("unchanged").asInt()).isEqualTo(2);
    }

    @Test
    void failingApiEndsTheRunFailedWithAnAlertAndChangesNothing() throws JMSException {
        for (ResponseDefinitionBuilder failure : List.of(
                stripeError(500, "api_error", "An unknown error occurred"),
                stripeError(401, "invalid_request_error", "Invalid API Key provided: sk_test_****0000"),
                okJson("{\"object\":\"search_result\",\"data\":[{\"id\":").withStatus(200),
                okJson("{}").withFixedDelay(1500))) {
            String order = unique("ord");
            gateway.putOrder(order, 1500, "EUR");
            stub(searchFor(order), failure);

            JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

            assertThat(run.path("status").asString()).isEqualTo("failed");
            assertThat(run.path("error").asString())
                    .contains("stripe")
                    .contains("/v1/payment_intents/search")
                    .doesNotContain(ApiStubs.STRIPE_KEY);
            assertThat(run.path("checked").asInt()).isZero();
            assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
            assertThat(count("SELECT count(*) FROM receipts WHERE order_id = ?", order))
                    .isZero();
            jms.setReceiveTimeout(DEADLINE.toMillis());
            TextMessage alert = (TextMessage) jms.receiveSelected(
                    "payhook.alerts",
                    "PayhookKey = 'alert:reconcile_failed:" + run.path("run_id").asString() + "'");
            assertThat(alert).isNotNull();
            assertThat(alert.getText()).contains("reconcile_failed").doesNotContain(ApiStubs.STRIPE_KEY);
            // each call tried payhook.reconcile.attempts times before the run gave up
            API.verify(
                    3,
                    getRequestedFor(urlPathEqualTo("/stripe/v1/payment_intents/search"))
                            .withQueryParam("query", equalTo("metadata['order_id']:'" + order + "'")));
        }
    }

    @Test
    void onlyKnownOrdersAndProvidersAreReconciled() {
        assertThat(gateway.call("POST", "/ops/reconcile", "{\"order_id\":\"" + unique("ord") + "\"}")
                        .status())
                .isEqualTo(404);
        assertThat(gateway.call("POST", "/ops/reconcile", "{\"provider\":\"nosuch\"}")
                        .status())
                .isEqualTo(404);
        assertThat(gateway.call("POST", "/ops/reconcile", "{}").status()).isEqualTo(400);
        assertThat(gateway.call("POST", "/ops/reconcile", "{\"provider\":\"stripe\",\"since\":\"yesterday\"}")
                        .json()
                        .path("detail")
                        .asString())
                .contains("since");
        assertThat(gateway.call(
                                "POST",
                                "/ops/reconcile",
                                "{\"provider\":\"stripe\",\"since\":\"-999999999-01-01T00:00:00Z\"}")
                        .status())
                .isEqualTo(400);
        assertThat(gateway.get("/ops/reconcile/" + UUID.randomUUID()).status()).isEqualTo(404);
    }

    private static ResponseDefinitionBuilder stripeError(int status, String type, String message) {
        return aResponse()
                .withStatus(status)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"error\":{\"type\":\"" + type + "\",\"message\":\"" + message + "\"}}");
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
