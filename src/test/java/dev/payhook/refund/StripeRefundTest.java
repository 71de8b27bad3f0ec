package dev.payhook.refund;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.payhook.support.StripeApiStubs.refund;
import static dev.payhook.support.StripeApiStubs.stub;
import static dev.payhook.support.StripeApiStubs.stubRefunds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.HeldAnswers;
import dev.payhook.support.ServedContracts;
import dev.payhook.support.TestProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A double payment's extra money given back through Stripe's refund API (stubbed in Stripe's
 * published format), never twice: one call however often the review is approved, the same
 * reference whenever a call is repeated, the refund confirmed by Stripe's own word on it.
 */
class StripeRefundTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final TestProvider STRIPE = TestProvider.STRIPE;
    private static final String REFUNDS = "/stripe/v1/refunds";

    @Test
    void twentyConcurrentApprovalsOfAReviewMakeOneRefundThatSettlesIt() throws Exception {
        String order = unique("ord");
        String extra = unique("pi");
        String re = unique("re");
        stubCreated(extra, re, 1050, "succeeded");
        long review = payTwice(STRIPE, order, extra, 1050, "USD");

        List<Gateway.Answer> answers = approveConcurrently(review, 20);

        Set<String> ids = new HashSet<>();
        int created = 0;
        for (Gateway.Answer a : answers) {
            assertThat(a.status()).as(a.body()).isIn(200, 202);
            created += a.status() == 202 ? 1 : 0;
            ids.add(a.json().path("id").asString());
        }
        assertThat(created).isEqualTo(1);
        assertThat(ids).hasSize(1);
        String id = ids.iterator().next();
        JsonNode done = awaitRefund(id, "succeeded");
        assertThat(done.path("provider_refund_id").asString()).isEqualTo(re);
        assertThat(done.path("amount_minor").asLong()).isEqualTo(1050);
        assertThat(done.path("requested_by").asString()).isEqualTo("token:finance from 127.0.0.1");

        List<LoggedRequest> calls =
                API.findAll(postRequestedFor(urlPathEqualTo(REFUNDS)).withRequestBody(containing(extra)));
        assertThat(calls).hasSize(1);
        LoggedRequest call = calls.get(0);
        assertThat(call.getHeader("Idempotency-Key")).isEqualTo("payhook-" + id);
        assertThat(call.getHeader("Authorization")).isEqualTo("Bearer " + ApiStubs.STRIPE_KEY);
        assertThat(call.containsHeader("Stripe-Account"))
                .as("a payment of the platform's own")
                .isFalse();
        assertThat(call.getBodyAsString())
                .contains("payment_intent=" + extra, "amount=1050", "reason=duplicate")
                .contains("metadata[payhook_refund_id]=payhook-" + id);

        JsonNode paid = gateway.order(order);
        assertThat(paid.path("status").asString())
                .as("the first payment still pays the order")
                .isEqualTo("paid");
        assertThat(paid.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(payment(paid, extra).path("status").asString()).isEqualTo("refunded");
        assertThat(jdbc.queryForObject(
                        "SELECT resolved_by || ': ' || note FROM reviews WHERE id = ?", String.class, review))
                .isEqualTo("payhook: refunded by refund request " + id + " (stripe refund " + re + ")");
        assertThat(count(
                        "SELECT count(*) FROM outbox WHERE kind = 'refund_request.submitted' AND payload::text LIKE ?",
                        "%" + id + "%"))
                .isEqualTo(1);
        assertThat(count(
                        "SELECT count(*) FROM outbox WHERE kind = 'refund_request.succeeded' AND payload::text LIKE ?",
                        "%" + id + "%"))
                .isEqualTo(1);
        ServedContracts served = ServedContracts.of(gateway);
        ServedContracts.published(jdbc, id, "refund_request.submitted", "refund_request.succeeded")
                .forEach((kind, message) ->
                        assertThat(served.fitting(message)).as(kind).containsExactly("refund_request.json"));
        assertThat(count(
                        "SELECT count(*) FROM ops_actions WHERE target = ? AND action = 'request_refund'",
                        "refund " + id))
                .isEqualTo(1);
        assertThat(gateway.get("/actuator/prometheus").body())
                .containsPattern("payhook_refunds_total\\{provider=\"stripe\",status=\"succeeded\"} [1-9]");
    }

    @Test
    void aFailureAfterStripeAnsweredRepeatsTheSameReferenceAndMakesOneRefund() {
        String order = unique("ord");
        String extra = unique("pi");
        String re = unique("re");
        stubCreated(extra, re, 700, "pending");
        long review = payTwice(STRIPE, order, extra, 700, "USD");
        // the transaction that records Stripe's answer fails once, after Stripe made the refund
        jdbc.execute("CREATE SEQUENCE refund_fault");
        jdbc.execute("CREATE FUNCTION refund_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "IF NEW.status = 'submitted' AND nextval('refund_fault') = 1 THEN "
                + "RAISE EXCEPTION 'the database went away'; END IF; RETURN NEW; END $$");
        jdbc.execute("CREATE TRIGGER refund_fault BEFORE UPDATE ON refund_requests FOR EACH ROW "
                + "EXECUTE FUNCTION refund_fault()");
        try {
            String id = approve(review).json().path("id").asString();
            stubRefunds(extra, refund(re, extra, 700, "usd", "succeeded", "payhook-" + id, Instant.now()));

            JsonNode done = awaitRefund(id, "succeeded");

            assertThat(done.path("provider_refund_id").asString()).isEqualTo(re);
            assertThat(done.path("attempts").asInt()).isEqualTo(2);
            assertThat(count("SELECT CAST(last_value AS int) FROM refund_fault"))
                    .as("the fault fired")
                    .isGreaterThanOrEqualTo(1);
            List<LoggedRequest> creates =
                    API.findAll(postRequestedFor(urlPathEqualTo(REFUNDS)).withRequestBody(containing(extra)));
            assertThat(creates).hasSize(1);
            assertThat(creates.get(0).getHeader("Idempotency-Key")).isEqualTo("payhook-" + id);
            assertThat(payment(gateway.order(order), extra)
                            .path("refunded_minor")
                            .asLong())
                    .isEqualTo(700);
        } finally {
            jdbc.execute("DROP TRIGGER refund_fault ON refund_requests");
            jdbc.execute("DROP FUNCTION refund_fault()");
            jdbc.execute("DROP SEQUENCE refund_fault");
        }
    }

    @Test
    void aCallThatTimesOutIsUnknownUntilStripeIsAskedByTheReference() {
        String order = unique("ord");
        String extra = unique("pi");
        String re = unique("re");
        // Stripe takes longer than the gateway waits (payhook.reconcile.http-timeout=1s), on every try
        stub(
                post(urlPathEqualTo(REFUNDS)).withRequestBody(containing(extra)),
                okJson(refund(re, extra, 900, "usd", "pending", null, Instant.now()))
                        .withFixedDelay(1500));
        long review = payTwice(STRIPE, order, extra, 900, "USD");
        String id = approve(review).json().path("id").asString();

        await().atMost(DEADLINE)
                .until(() -> gateway.get("/ops/refunds/" + id)
                        .json()
                        .path("status")
                        .asString()
                        .equals("unknown"));
        assertThat(gateway.get("/actuator/prometheus").body())
                .as("Prometheus sees it, for ops/prometheus/alerts.yml's PayhookRefundOutcomeUnknown")
                .containsPattern("payhook_refund_requests\\{status=\"unknown\"} [1-9]");
        // asked again by its reference (Stripe lists no refund under it yet, or still does not answer)
        await().atMost(DEADLINE)
                .until(() ->
                        count("SELECT count(*) FROM outbox WHERE dedupe_key = ?", "alert:refund_outcome_unknown:" + id)
                                == 1);
        stubRefunds(extra, refund(re, extra, 900, "usd", "succeeded", "payhook-" + id, Instant.now()));

        JsonNode done = awaitRefund(id, "succeeded");

        assertThat(done.path("provider_refund_id").asString()).isEqualTo(re);
        List<LoggedRequest> creates =
                API.findAll(postRequestedFor(urlPathEqualTo(REFUNDS)).withRequestBody(containing(extra)));
        assertThat(creates).as("the call tried again within its attempts").isNotEmpty();
        assertThat(creates)
                .allSatisfy(c -> assertThat(c.getHeader("Idempotency-Key")).isEqualTo("payhook-" + id));
        assertThat(payment(gateway.order(order), extra).path("refunded_minor").asLong())
                .isEqualTo(900);
    }

    @Test
    void stripesRefundWebhookOvertakingTheApisAnswerSettlesItOnce() throws Exception {
        String order = unique("ord");
        String extra = unique("pi");
        String re = unique("re");
        stubCreated(extra, re, 400, "pending");
        long review = payTwice(STRIPE, order, extra, 400, "USD");
        String id;
        try (HeldAnswers.Hold hold = HeldAnswers.hold(REFUNDS)) {
            id = approve(review).json().path("id").asString();
            assertThat(hold.awaitArrival(DEADLINE)).isTrue();
            String event = unique("evt");
            gateway.deliver(STRIPE, event, STRIPE.refund(event, extra, re, 400, "USD", Instant.now()));
            awaitReceipts("stripe", event, 1);
            assertThat(gateway.get("/ops/refunds/" + id).json().path("status").asString())
                    .as("the answer is still held")
                    .isEqualTo("requested");
        }

        JsonNode done = awaitRefund(id, "succeeded");

        assertThat(done.path("provider_refund_id").asString()).isEqualTo(re);
        assertThat(API.findAll(postRequestedFor(urlPathEqualTo(REFUNDS)).withRequestBody(containing(extra))))
                .hasSize(1);
        assertThat(payment(gateway.order(order), extra).path("refunded_minor").asLong())
                .isEqualTo(400);
    }

    @Test
    void aRefundStripeRefusesFailsWithItsReasonAndLeavesTheReviewOpen() {
        String order = unique("ord");
        String extra = unique("pi");
        stub(
                post(urlPathEqualTo(REFUNDS)).withRequestBody(containing("payment_intent=" + extra)),
                aResponse()
                        .withStatus(400)
                        .withHeader("Content-Type", "application/json")
                        .withBody("{\"error\":{\"code\":\"charge_already_refunded\",\"message\":\"Charge " + extra
                                + " has already been refunded.\",\"type\":\"invalid_request_error\"}}"));
        long review = payTwice(STRIPE, order, extra, 650, "USD");

        String id = approve(review).json().path("id").asString();
        JsonNode failed = awaitRefund(id, "failed");

        assertThat(failed.path("error").asString()).isEqualTo("Stripe answered HTTP 400 charge_already_refunded");
        assertThat(jdbc.queryForObject("SELECT status || ': ' || note FROM reviews WHERE id = ?", String.class, review))
                .isEqualTo("open: refund request " + id + " failed: Stripe answered HTTP 400 charge_already_refunded");
        assertThat(count(
                        "SELECT count(*) FROM outbox WHERE kind = 'refund_request.failed' AND payload::text LIKE ?",
                        "%" + id + "%"))
                .isEqualTo(1);
        assertThat(approve(review).json().path("id").asString())
                .as("after a failure the review may be refunded again, under a new request")
                .isNotEqualTo(id);
    }

    @Test
    void moreThanIsLeftIs409AndAProviderWithoutARefundApiIs422() {
        String order = unique("ord");
        String pi = unique("pi");
        gateway.putOrder(order, 1000, "USD");
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, pi, order, 1000, "USD", Instant.now()));
        awaitOrder(order, "paid");
        Gateway finance = gateway.withToken(REFUND_TOKEN);

        Gateway.Answer over = finance.call(
                "POST",
                "/ops/refunds",
                "{\"provider\":\"stripe\",\"provider_payment_id\":\"" + pi + "\",\"amount_minor\":1001}");
        assertThat(over.status()).isEqualTo(409);
        assertThat(over.json().path("error").asString()).isEqualTo("amount_exceeds_refundable");
        assertThat(over.json().path("detail").asString()).startsWith("1000 minor units are left");

        Gateway.Answer unsupported = finance.call(
                "POST",
                "/ops/refunds",
                "{\"provider\":\"esewa\",\"provider_payment_id\":\"000AE01\",\"amount_minor\":100}");
        assertThat(unsupported.status()).isEqualTo(422);
        assertThat(unsupported.json().path("error").asString()).isEqualTo("refund_unsupported");
        assertThat(count(
                        "SELECT count(*) FROM refund_requests r JOIN payments p ON p.id = r.payment_id "
                                + "WHERE p.provider_payment_id = ?",
                        pi))
                .isZero();
    }

    private static void stubCreated(String pi, String re, long amount, String status) {
        stub(
                post(urlPathEqualTo(REFUNDS))
                        .withHeader("Authorization", equalTo("Bearer " + ApiStubs.STRIPE_KEY))
                        .withRequestBody(containing("payment_intent=" + pi)),
                okJson(refund(re, pi, amount, "usd", status, null, Instant.now())));
    }

    private Gateway.Answer approve(long review) {
        Gateway.Answer answer =
                gateway.withToken(REFUND_TOKEN).call("POST", "/ops/reviews/" + review + "/refund", null);
        assertThat(answer.status()).as(answer.body()).isEqualTo(202);
        return answer;
    }

    private List<Gateway.Answer> approveConcurrently(long review, int n) throws Exception {
        Gateway finance = gateway.withToken(REFUND_TOKEN);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Callable<Gateway.Answer>> approvals = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                approvals.add(() -> finance.call("POST", "/ops/reviews/" + review + "/refund", null));
            }
            List<Gateway.Answer> answers = new ArrayList<>();
            for (Future<Gateway.Answer> f : pool.invokeAll(approvals)) {
                answers.add(f.get());
            }
            return answers;
        } finally {
            pool.shutdown();
        }
    }

    private JsonNode awaitRefund(String id, String status) {
        await().atMost(DEADLINE)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> gateway.get("/ops/refunds/" + id)
                        .json()
                        .path("status")
                        .asString()
                        .equals(status));
        return gateway.get("/ops/refunds/" + id).json();
    }

    private static JsonNode payment(JsonNode order, String providerPaymentId) {
        for (JsonNode p : order.path("payments")) {
            if (p.path("provider_payment_id").asString().equals(providerPaymentId)) {
                return p;
            }
        }
        throw new AssertionError("no payment " + providerPaymentId + " in " + order);
    }
}
