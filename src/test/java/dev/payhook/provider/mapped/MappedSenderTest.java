package dev.payhook.provider.mapped;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.payhook.provider.types.TypeTables;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.ProviderScenarios;
import dev.payhook.support.Signer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * "acme", a Standard Webhooks sender with a JSON shape of its own, added with configuration only
 * (GatewayTest; its ingress route is the template's, made for every enabled provider), passes the
 * contract every provider passes, without any Java or route of its own.
 */
class MappedSenderTest extends ProviderScenarios {

    @Override
    protected String provider() {
        return "acme";
    }

    @Override
    protected String currency() {
        return "EUR";
    }

    private static String charge(String type, String order, String charge, long amount, String refund, Instant at) {
        return "{\"type\":\"" + type + "\",\"created_at\":\"" + at + "\",\"data\":{\"reference\":\"" + order
                + "\",\"charge_id\":\"" + charge + "\",\"amount\":" + amount + ",\"currency\":\"eur\""
                + (refund == null ? "" : ",\"refund_id\":\"" + refund + "\"") + "}}";
    }

    private static Notification signed(String secret, String json, long timestamp) {
        String id = unique("msg");
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return new Notification(
                id,
                "application/json",
                body,
                Map.of(
                        "webhook-id", id,
                        "webhook-timestamp", Long.toString(timestamp),
                        "webhook-signature", Signer.standardWebhooks(secret, id, timestamp, body)));
    }

    /** A sender without a refund API: its double payment is left to a person, and its review says why. */
    @Test
    void aDoublePaymentWithoutARefundApiIsLeftToAPersonAndItsReviewSaysSo() {
        long review = paidTwice(unique("ord"), unique("ch"), 900);

        await().atMost(DEADLINE)
                .until(() -> String.valueOf(
                                jdbc.queryForObject("SELECT note FROM reviews WHERE id = ?", String.class, review))
                        .startsWith("refund_unsupported: acme: its API cannot be called"));
        Answer asked = gateway.withToken(REFUND_TOKEN).call("POST", "/ops/reviews/" + review + "/refund", null);
        assertThat(asked.status()).isEqualTo(422);
        assertThat(asked.json().path("error").asString()).isEqualTo("refund_unsupported");
        assertThat(count("SELECT count(*) FROM refund_requests WHERE review_id = ?", review))
                .isZero();
    }

    @Override
    protected Notification payment(String order, String payment, long amount, Instant at) {
        return signed(
                ACME_SECRET,
                charge("charge.paid", order, payment, amount, null, at),
                Instant.now().getEpochSecond());
    }

    @Override
    protected Notification refund(
            String order, String payment, long captured, long amount, long refundedTotal, Instant at) {
        return signed(
                ACME_SECRET,
                charge("charge.refunded", order, payment, amount, unique("re"), at),
                Instant.now().getEpochSecond());
    }

    @Override
    protected Notification signedWithPreviousKey(String order, String payment, long amount, Instant at) {
        return signed(
                ACME_PREVIOUS_SECRET,
                charge("charge.paid", order, payment, amount, null, at),
                Instant.now().getEpochSecond());
    }

    @Override
    protected Map<String, Notification> forgeries(String order, long amount) {
        Map<String, Notification> forged = new LinkedHashMap<>();
        Notification n = payment(order, unique("ch"), amount, Instant.now());
        byte[] changed = new String(n.body(), StandardCharsets.UTF_8)
                .replace(":" + amount + ",", ":" + (amount + 1) + ",")
                .getBytes(StandardCharsets.UTF_8);
        forged.put("one changed byte", new Notification(n.eventId(), n.contentType(), changed, n.headers()));
        String json = new String(n.body(), StandardCharsets.UTF_8);
        long now = Instant.now().getEpochSecond();
        forged.put("another secret", signed("whsec_b3RoZXItc2VjcmV0LWtleS1vZi1zb21lb25l", json, now));
        forged.put("a timestamp 305 s old", signed(ACME_SECRET, json, now - 305));
        Map<String, String> unsigned = new LinkedHashMap<>(n.headers());
        unsigned.remove("webhook-signature");
        forged.put("no signature", new Notification(n.eventId(), n.contentType(), n.body(), unsigned));
        return forged;
    }

    @Override
    protected void assertAccepted(Answer answer) {
        assertThat(answer.status()).isEqualTo(200);
    }

    @Override
    protected void assertRefused(Answer answer) {
        assertThat(answer.status()).isEqualTo(401);
    }

    @Test
    void aTypeTheMappingDoesNotNameIsKeptAndIgnored() {
        Notification n = signed(
                ACME_SECRET,
                "{\"type\":\"customer.created\",\"created_at\":1700000000,\"data\":{}}",
                Instant.now().getEpochSecond());
        assertAccepted(send(n));
        awaitReceipts("acme", n.eventId(), 1);
        assertThat(jdbc.queryForObject("SELECT outcome FROM receipts WHERE event_id = ?", String.class, n.eventId()))
                .isEqualTo("ignored");
    }

    @Test
    void aMappingThatCannotWorkStopsStartUp() {
        Mapping mapping = new Mapping();
        mapping.getMapping().setEventType("/type");
        mapping.getMapping().setPaymentId("data.id");
        mapping.getMapping().setOccurredAt("/at");
        mapping.getMapping().setTypes(Map.of("paid", "payment.succeeded"));
        assertThatThrownBy(() -> MappedFormat.create(TypeTables.shipped(), "acme", mapping))
                .hasMessageContaining("payhook.providers.acme.mapping.payment-id: 'data.id' is not a JSON pointer");
        mapping.getMapping().setPaymentId("/data/id");
        mapping.getMapping().setTypes(Map.of("paid", "payment.done"));
        assertThatThrownBy(() -> MappedFormat.create(TypeTables.shipped(), "acme", mapping))
                .hasMessageContaining(
                        "payhook.providers.acme.mapping.types: 'paid': unknown action 'payment.done' (one of");
    }
}
