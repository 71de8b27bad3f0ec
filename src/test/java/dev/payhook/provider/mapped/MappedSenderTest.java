package dev.payhook.provider.mapped;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.Signer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * "acme", a Standard Webhooks sender with a JSON shape of its own, added with configuration and
 * one templated route file only (GatewayTest and src/test/resources/routes/acme.yaml): no Java of
 * its own goes through payment, duplicate, refund and an unmapped type.
 */
class MappedSenderTest extends GatewayTest {

    private Answer send(String id, String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        long ts = Instant.now().getEpochSecond();
        return gateway.post(
                "/webhooks/acme",
                "application/json",
                body,
                Map.of(
                        "webhook-id", id,
                        "webhook-timestamp", Long.toString(ts),
                        "webhook-signature", Signer.standardWebhooks(ACME_SECRET, id, ts, body)));
    }

    private static String charge(String type, String order, String charge, long amount, String refund, Instant at) {
        return "{\"type\":\"" + type + "\",\"created_at\":\"" + at + "\",\"data\":{\"reference\":\"" + order
                + "\",\"charge_id\":\"" + charge + "\",\"amount\":" + amount + ",\"currency\":\"eur\""
                + (refund == null ? "" : ",\"refund_id\":\"" + refund + "\"") + "}}";
    }

    @Test
    void paymentDuplicateAndRefundGoThroughTheMapping() {
        String order = unique("ord"), charge = unique("ch"), paid = unique("msg");
        Instant t = Instant.now().minusSeconds(60);
        gateway.putOrder(order, 2500, "EUR");

        assertThat(send(paid, charge("charge.paid", order, charge, 2500, null, t))
                        .status())
                .isEqualTo(200);
        JsonNode view = awaitOrder(order, "paid");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(view.path("payments").get(0).path("provider_payment_id").asString())
                .isEqualTo(charge);

        assertThat(send(paid, charge("charge.paid", order, charge, 2500, null, t))
                        .status())
                .isEqualTo(200);
        awaitReceipts("acme", paid, 2);
        assertThat(jdbc.queryForList(
                        "SELECT outcome FROM receipts WHERE event_id = ? ORDER BY received_at", String.class, paid))
                .containsExactly("applied", "duplicate");

        String refunded = unique("msg");
        send(refunded, charge("charge.refunded", order, charge, 1000, unique("re"), t.plusSeconds(30)));
        assertThat(awaitOrder(order, "partially_refunded")
                        .path("payments")
                        .get(0)
                        .path("refunded_minor")
                        .asLong())
                .isEqualTo(1000);
        assertThat(count("SELECT count(*) FROM payments WHERE provider = 'acme' AND provider_payment_id = ?", charge))
                .isOne();
    }

    @Test
    void aTypeTheMappingDoesNotNameIsKeptAndIgnored() {
        String id = unique("msg");
        String json = "{\"type\":\"customer.created\",\"created_at\":1700000000,\"data\":{\"name\":\"x\"}}";
        assertThat(send(id, json).status()).isEqualTo(200);
        awaitReceipts("acme", id, 1);
        assertThat(jdbc.queryForObject("SELECT outcome FROM receipts WHERE event_id = ?", String.class, id))
                .isEqualTo("ignored");
    }

    @Test
    void aSignatureWithAnotherSecretIsRefused() {
        String id = unique("msg");
        byte[] body = charge("charge.paid", unique("ord"), unique("ch"), 100, null, Instant.now())
                .getBytes(StandardCharsets.UTF_8);
        long ts = Instant.now().getEpochSecond();
        Answer answer = gateway.post(
                "/webhooks/acme",
                "application/json",
                body,
                Map.of(
                        "webhook-id", id,
                        "webhook-timestamp", Long.toString(ts),
                        "webhook-signature",
                                Signer.standardWebhooks("whsec_b3RoZXItc2VjcmV0LWtleS1vZi1zb21lb25l", id, ts, body)));
        assertThat(answer.status()).isEqualTo(401);
        assertThat(count("SELECT count(*) FROM receipts WHERE event_id = ?", id))
                .isZero();
    }

    @Test
    void aMappingThatCannotWorkStopsStartUp() {
        Mapping mapping = new Mapping();
        mapping.getMapping().setEventType("/type");
        mapping.getMapping().setPaymentId("data.id");
        mapping.getMapping().setOccurredAt("/at");
        mapping.getMapping().setTypes(Map.of("paid", "payment.succeeded"));
        assertThatThrownBy(() -> new MappedFormat.Factory().create("acme", mapping))
                .hasMessageContaining("payhook.providers.acme.mapping.payment-id: 'data.id' is not a JSON pointer");
        mapping.getMapping().setPaymentId("/data/id");
        mapping.getMapping().setTypes(Map.of("paid", "payment.done"));
        assertThatThrownBy(() -> new MappedFormat.Factory().create("acme", mapping))
                .hasMessageContaining(
                        "payhook.providers.acme.mapping.types.paid: 'payment.done' is not a normalized type");
    }
}
