package dev.payhook.provider.razorpay;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.JsonProviderScenarios;
import dev.payhook.support.TestProvider;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Razorpay through the contract every provider passes, and what only Razorpay has: an event id
 * that is not signed, the order named by the Razorpay order's receipt, a dispute closed in the
 * merchant's favour, and refunds found again by their note.
 */
class RazorpayScenariosTest extends JsonProviderScenarios {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TestProvider RAZORPAY = TestProvider.RAZORPAY;

    @Override
    protected TestProvider testProvider() {
        return RAZORPAY;
    }

    @Override
    protected String currency() {
        return "INR";
    }

    @Test
    void aNotificationWithoutItsEventIdIsRefusedWithoutATrace() {
        String order = unique("ord");
        gateway.putOrder(order, 1500, currency());
        Notification genuine = payment(order, unique("pay"), 1500, Instant.now());
        Map<String, String> headers = new HashMap<>(genuine.headers());
        headers.remove("X-Razorpay-Event-Id");

        Answer answer = send(new Notification(genuine.eventId(), genuine.contentType(), genuine.body(), headers));

        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.json().path("error").asString()).isEqualTo("missing_x_razorpay_event_id_header");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
    }

    /** The event id is not signed: the same signed body under a new id is the same payment, applied once. */
    @Test
    void aGenuineBodyReplayedUnderAnotherEventIdChangesNothing() {
        String order = unique("ord");
        gateway.putOrder(order, 1500, currency());
        Notification genuine = payment(order, unique("pay"), 1500, Instant.now());
        assertAccepted(send(genuine));
        awaitOrder(order, "paid");
        String ofTheOrder =
                "SELECT count(*) FROM outbox WHERE payload -> 'data' ->> 'order_id' = ? AND dedupe_key <> ?";
        String replayed = unique("evt");
        String itsOwnEvent = "event:" + provider() + ":" + replayed;
        int before = count(ofTheOrder, order, itsOwnEvent);
        Map<String, String> headers = new HashMap<>(genuine.headers());
        headers.put("X-Razorpay-Event-Id", replayed);

        assertAccepted(send(new Notification(replayed, genuine.contentType(), genuine.body(), headers)));

        awaitReceipts(provider(), replayed, 1);
        assertThat(count(ofTheOrder, order, itsOwnEvent))
                .as("what the order's events told")
                .isEqualTo(before);
        assertThat(count("SELECT count(*) FROM payments WHERE order_id = ?", order))
                .isOne();
        assertThat(count("SELECT count(*) FROM entitlements WHERE order_id = ?", order))
                .isOne();
    }

    @Test
    void orderPaidNamesTheOrderByTheRazorpayOrdersReceipt() {
        String order = unique("ord");
        gateway.putOrder(order, 2200, currency());
        String event = unique("evt");
        String body = new String(
                        RAZORPAY.payment(event, unique("pay"), order, 2200, currency(), Instant.now()),
                        StandardCharsets.UTF_8)
                .replace("\"event\": \"payment.captured\"", "\"event\": \"order.paid\"")
                .replace("\"notes\": { \"order_id\": \"" + order + "\" }", "\"notes\": []")
                .replace(
                        "\"payload\": {",
                        "\"payload\": {\n    \"order\": { \"entity\": { \"id\": \"order_" + event
                                + "\", \"entity\": \"order\", \"amount\": 2200, \"amount_paid\": 2200,"
                                + " \"currency\": \"INR\", \"receipt\": \"" + order + "\", \"status\": \"paid\","
                                + " \"notes\": [] } },");
        assertThat(body).doesNotContain("\"order_id\": \"" + order + "\"");

        assertAccepted(send(new Notification(
                event,
                "application/json",
                body.getBytes(StandardCharsets.UTF_8),
                RAZORPAY.sign(event, body.getBytes(StandardCharsets.UTF_8)))));

        assertThat(awaitOrder(order, "paid").path("entitlement").path("status").asString())
                .isEqualTo("active");
    }

    @Test
    void aDisputeClosedWithNothingDeductedRestoresTheOrder() {
        String order = unique("ord"), pay = unique("pay");
        Instant t = Instant.now().minusSeconds(300);
        gateway.putOrder(order, 5000, currency());
        assertAccepted(send(payment(order, pay, 5000, t)));
        awaitOrder(order, "paid");
        deliverDispute(pay, TestProvider.Dispute.OPENED, t.plusSeconds(60), null);
        awaitOrder(order, "disputed");

        deliverDispute(pay, TestProvider.Dispute.WON, t.plusSeconds(120), "payment.dispute.closed");

        assertThat(awaitOrder(order, "paid").path("entitlement").path("status").asString())
                .isEqualTo("active");
    }

    private void deliverDispute(String pay, TestProvider.Dispute stage, Instant at, String renamed) {
        String event = unique("evt");
        String body = new String(RAZORPAY.dispute(event, pay, stage, 5000, currency(), at), StandardCharsets.UTF_8);
        if (renamed != null) {
            body = body.replace("payment.dispute.won", renamed)
                    .replace("\"status\": \"won\"", "\"status\": \"closed\"");
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        assertAccepted(send(new Notification(event, "application/json", bytes, RAZORPAY.sign(event, bytes))));
    }

    /**
     * Razorpay documents no idempotency key for refunds: the payment's refunds are listed for the
     * reference (in the notes) before one is created, and the processed refund settles the request.
     */
    @Test
    void aDoublePaymentIsRefundedOnceAndFoundAgainByItsNote() {
        String order = unique("ord");
        String extra = unique("pay");
        String refund = unique("rfnd");
        String scenario = "razorpay-refund-" + extra;
        String refunds = "/razorpay/v1/payments/" + extra + "/refunds";
        ApiStubs.server()
                .stubFor(get(urlPathEqualTo(refunds))
                        .inScenario(scenario)
                        .whenScenarioStateIs(Scenario.STARTED)
                        .willReturn(okJson(collection())));
        ApiStubs.server()
                .stubFor(post(urlPathEqualTo("/razorpay/v1/payments/" + extra + "/refund"))
                        .withBasicAuth(ApiStubs.RAZORPAY_KEY_ID, ApiStubs.RAZORPAY_KEY_SECRET)
                        .inScenario(scenario)
                        .whenScenarioStateIs(Scenario.STARTED)
                        .willReturn(okJson(refund(refund, extra, "pending", "unknown")))
                        .willSetStateTo("created"));

        JsonNode done = refundedFromItsReview(order, extra, 3100, submitted -> {
            assertThat(submitted.path("provider_refund_id").asString()).isEqualTo(refund);
            ApiStubs.server()
                    .stubFor(get(urlPathEqualTo(refunds))
                            .inScenario(scenario)
                            .whenScenarioStateIs("created")
                            .willReturn(okJson(collection(refund(
                                    refund,
                                    extra,
                                    "processed",
                                    "payhook-" + submitted.path("id").asString())))));
        });

        List<LoggedRequest> creates = ApiStubs.server()
                .findAll(postRequestedFor(urlPathEqualTo("/razorpay/v1/payments/" + extra + "/refund")));
        assertThat(creates).hasSize(1);
        JsonNode asked = JSON.readTree(creates.get(0).getBodyAsString());
        assertThat(asked.path("amount").asLong()).isEqualTo(3100);
        assertThat(asked.path("notes").path("payhook_reference").asString())
                .isEqualTo("payhook-" + done.path("id").asString());
    }

    private String refund(String id, String payment, String status, String reference) {
        return "{\"id\":\"" + id + "\",\"entity\":\"refund\",\"amount\":3100,\"currency\":\"INR\",\"payment_id\":\""
                + payment + "\",\"notes\":{\"payhook_reference\":\"" + reference
                + "\",\"reason\":\"duplicate payment\"},"
                + "\"receipt\":null,\"created_at\":" + Instant.now().getEpochSecond() + ",\"status\":\"" + status
                + "\",\"speed_requested\":\"normal\"}";
    }

    private static String collection(String... items) {
        return "{\"entity\":\"collection\",\"count\":" + items.length + ",\"items\":[" + String.join(",", items) + "]}";
    }
}
