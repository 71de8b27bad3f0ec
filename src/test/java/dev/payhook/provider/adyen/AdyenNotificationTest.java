package dev.payhook.provider.adyen;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.payhook.support.AdyenBatch.batch;
import static dev.payhook.support.AdyenBatch.item;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.support.AdyenBatch.Item;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.ProviderScenarios;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Adyen standard notifications: per-item HMAC, batches verified and processed as a whole, answer [accepted]. */
class AdyenNotificationTest extends ProviderScenarios {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    protected String provider() {
        return "adyen";
    }

    static Item authorisation(String order, String payment, long amount, String currency, Instant at) {
        return item(payment, "", order, amount, currency, "AUTHORISATION", "true", at);
    }

    /** A refund's merchantReference is the reference of the refund request, not the order. */
    static Item refundItem(String order, String payment, long amount, Instant at) {
        return item(unique("rf"), payment, "refund-request-" + unique("r"), amount, "CNY", "REFUND", "true", at);
    }

    private static Notification notification(List<Item> items) {
        return notification("false", items);
    }

    private static Notification notification(String live, List<Item> items) {
        return new Notification(items.get(0).eventId(), "application/json", batch(live, items), Map.of());
    }

    /** Signed with our HMAC key, for a merchant account not in payhook.providers.adyen.accounts. */
    @Override
    protected Notification forAnotherAccount(String order, String payment, long amount) {
        Item item = authorisation(order, payment, amount, "CNY", Instant.now());
        item.fields().put("merchant_account", "SomeoneElsesMerchant");
        return notification(List.of(item));
    }

    @Override
    protected Notification payment(String order, String payment, long amount, Instant at) {
        return notification(List.of(authorisation(order, payment, amount, "CNY", at)));
    }

    @Override
    protected Notification refund(
            String order, String payment, long captured, long amount, long refundedTotal, Instant at) {
        return notification(List.of(refundItem(order, payment, amount, at)));
    }

    @Override
    protected void assertAccepted(Answer answer) {
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("[accepted]");
    }

    @Override
    protected void assertRefused(Answer answer) {
        assertThat(answer.status()).isEqualTo(401);
    }

    @Test
    void aDoublePaymentIsRefundedUnderItsIdempotencyKeyAndSettledByAdyensRefundNotification() {
        String order = unique("ord");
        String extra = unique("psp");
        String refund = unique("rfpsp");
        String path = "/adyen/payments/" + extra + "/refunds";
        ApiStubs.server()
                .stubFor(
                        post(urlPathEqualTo(path))
                                .withHeader("X-API-Key", equalTo(ApiStubs.ADYEN_API_KEY))
                                .willReturn(
                                        aResponse()
                                                .withStatus(201)
                                                .withHeader("Content-Type", "application/json")
                                                .withBody(
                                                        "{\"merchantAccount\":\"PayhookTestMerchant\",\"paymentPspReference\":\""
                                                                + extra + "\",\"pspReference\":\"" + refund
                                                                + "\",\"reference\":\"r\","
                                                                + "\"status\":\"received\",\"amount\":{\"currency\":\"CNY\",\"value\":2600}}")));

        JsonNode done = refundedFromItsReview(order, extra, 2600, submitted -> {
            assertThat(submitted.path("provider_refund_id").asString()).isEqualTo(refund);
            Item refunded = item(
                    refund,
                    extra,
                    "payhook-" + submitted.path("id").asString(),
                    2600,
                    "CNY",
                    "REFUND",
                    "true",
                    Instant.now());
            assertAccepted(send(notification(List.of(refunded))));
        });

        List<LoggedRequest> calls = ApiStubs.server().findAll(postRequestedFor(urlPathEqualTo(path)));
        assertThat(calls).hasSize(1);
        assertThat(calls.get(0).getHeader("Idempotency-Key"))
                .isEqualTo("payhook-" + done.path("id").asString());
        JsonNode sent = JSON.readTree(calls.get(0).getBodyAsString());
        assertThat(sent.path("merchantAccount").asString()).isEqualTo(ApiStubs.ADYEN_MERCHANT_ACCOUNT);
        assertThat(sent.path("reference").asString())
                .isEqualTo("payhook-" + done.path("id").asString());
        assertThat(sent.path("amount").path("value").asLong()).isEqualTo(2600);
        assertThat(sent.path("amount").path("currency").asString()).isEqualTo("CNY");
    }

    @Test
    void everyItemOfABatchIsProcessed() {
        String order = unique("ord"), payment = unique("pay");
        gateway.putOrder(order, 3000, "CNY");
        Instant t = Instant.now().minusSeconds(60);
        Item paid = authorisation(order, payment, 3000, "CNY", t);
        Item refunded = refundItem(order, payment, 1000, t.plusSeconds(10));
        assertAccepted(send(notification(List.of(paid, refunded))));
        assertThat(awaitOrder(order, "partially_refunded")
                        .path("payments")
                        .get(0)
                        .path("refunded_minor")
                        .asLong())
                .isEqualTo(1000);
        String receipt = gateway.get("/ops/receipts?provider=adyen&event_id=" + paid.eventId())
                .json()
                .get(0)
                .path("id")
                .asString();
        JsonNode events = gateway.get("/ops/receipts/" + receipt).json().path("events");
        assertThat(events).hasSize(2);
        assertThat(events).allMatch(ev -> ev.path("outcome").asString().equals("applied"));
        assertThat(events).anyMatch(ev -> ev.path("event_id").asString().equals(refunded.eventId()));
        assertThat(gateway.get("/ops/receipts?provider=adyen&event_id=" + refunded.eventId())
                        .json()
                        .get(0)
                        .path("id")
                        .asString())
                .as("the batch is found by its second item too")
                .isEqualTo(receipt);
    }

    /** A delivery is applied whole or not at all: an item Payhook cannot apply holds back the others with it. */
    @Test
    void anItemForAnUnknownOrderDeadLettersTheWholeBatchUntilReplayed() {
        String known = unique("ord"), unknown = unique("ord");
        gateway.putOrder(known, 3000, "CNY");
        Item paid = authorisation(known, unique("pay"), 3000, "CNY", Instant.now());
        Item stray = authorisation(unknown, unique("pay"), 500, "CNY", Instant.now());
        assertAccepted(send(notification(List.of(paid, stray))));

        JsonNode dead = awaitDeadLetter("adyen", paid.eventId());
        assertThat(dead.path("reason").asString()).isEqualTo("unknown_order");
        assertThat(gateway.order(known).path("status").asString())
                .as("the batch's other item is not applied on its own")
                .isEqualTo("pending");
        assertThat(count(
                        "SELECT count(*) FROM processed_events WHERE event_id IN (?, ?)",
                        paid.eventId(),
                        stray.eventId()))
                .isZero();

        gateway.putOrder(unknown, 500, "CNY");
        assertThat(gateway.call("POST", "/ops/dead-letters/" + dead.path("id").asString() + "/replay", null)
                        .status())
                .isEqualTo(202);
        awaitOrder(known, "paid");
        awaitOrder(unknown, "paid");
    }

    @Test
    void oneBadItemRefusesTheWholeBatch() {
        String paid = unique("ord"), other = unique("ord");
        gateway.putOrder(paid, 3000, "CNY");
        gateway.putOrder(other, 500, "CNY");
        Item good = authorisation(paid, unique("pay"), 3000, "CNY", Instant.now());
        Item forged = new Item(
                authorisation(other, unique("pay"), 500, "CNY", Instant.now()).fields(), ADYEN_KEY.replace('0', '1'));
        Notification batch = notification(List.of(good, forged));
        assertRefusedWithoutTrace(batch, paid);
        assertThat(gateway.order(other).path("status").asString()).isEqualTo("pending");
    }

    @Override
    protected Map<String, Notification> forgeries(String order, long amount) {
        Map<String, Notification> forged = new LinkedHashMap<>();
        Notification n = payment(order, unique("pay"), amount, Instant.now());
        byte[] tampered = new String(n.body(), StandardCharsets.UTF_8)
                .replace("\"value\": " + amount, "\"value\": " + (amount + 1))
                .getBytes(StandardCharsets.UTF_8);
        forged.put("a changed signed field", new Notification(n.eventId(), n.contentType(), tampered, Map.of()));
        forged.put(
                "another key",
                notification(List.of(new Item(
                        authorisation(order, unique("pay"), amount, "CNY", Instant.now())
                                .fields(),
                        ADYEN_KEY.replace('A', 'B')))));
        forged.put(
                "no HMAC",
                notification(List.of(new Item(
                        authorisation(order, unique("pay"), amount, "CNY", Instant.now())
                                .fields(),
                        null))));
        return forged;
    }

    @Override
    protected Notification signedWithPreviousKey(String order, String payment, long amount, Instant at) {
        return notification(List.of(
                new Item(authorisation(order, payment, amount, "CNY", at).fields(), ADYEN_PREVIOUS_KEY)));
    }

    /** The HMAC covers the item's fields, not the bytes: the same items re-serialised are still authentic. */
    @Test
    void reSerialisedJsonWithIntactItemsIsAccepted() {
        String order = unique("ord");
        gateway.putOrder(order, 700, "CNY");
        Notification n = payment(order, unique("pay"), 700, Instant.now());
        JsonMapper json = JsonMapper.builder().build();
        byte[] compact = json.writeValueAsBytes(json.readTree(n.body()));
        assertThat(compact).isNotEqualTo(n.body());
        assertAccepted(send(new Notification(n.eventId(), n.contentType(), compact, Map.of())));
        awaitOrder(order, "paid");
    }

    @Test
    void aFailedAuthorisationIsAFailedPayment() {
        String order = unique("ord"), payment = unique("pay");
        gateway.putOrder(order, 600, "CNY");
        Item refused = item(payment, "", order, 600, "CNY", "AUTHORISATION", "false", Instant.now());
        assertAccepted(send(notification(List.of(refused))));
        awaitReceipts("adyen", refused.eventId(), 1);
        assertThat(count(
                        "SELECT count(*) FROM payments WHERE provider = 'adyen' AND provider_payment_id = ? AND status = 'failed'",
                        payment))
                .isEqualTo(1);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
    }

    @Test
    void aLiveNotificationOnATestGatewayHasNoEffect() {
        String order = unique("ord");
        gateway.putOrder(order, 900, "CNY");
        Notification n = notification("true", List.of(authorisation(order, unique("pay"), 900, "CNY", Instant.now())));
        assertAccepted(send(n));
        awaitReceipts("adyen", n.eventId(), 1);
        assertThat(gateway.get("/ops/receipts?provider=adyen&event_id=" + n.eventId())
                        .json()
                        .get(0)
                        .path("outcome")
                        .asString())
                .isEqualTo("rejected_mode");
        assertThat(gateway.order(order).path("entitlement").path("status").asString())
                .isEqualTo("none");
    }
}
