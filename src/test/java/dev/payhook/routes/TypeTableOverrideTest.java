package dev.payhook.routes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * An integrator makes one more Stripe type a payment by editing YAML alone: a copy of the shipped
 * table under the routes folder, with one line added, replaces the jar's at start.
 */
class TypeTableOverrideTest extends GatewayTest {

    @DynamicPropertySource
    static void routesFolderWithAnEditedTable(DynamicPropertyRegistry registry) {
        try {
            Path routes = Files.createTempDirectory("payhook-routes");
            Path types = Files.createDirectories(routes.resolve("types"));
            String shipped = Files.readString(Path.of("routes/types/stripe.yaml"));
            String closed = "  charge.dispute.closed:          { action: by-status,         reader: dispute }";
            assertThat(shipped).contains(closed);
            Files.writeString(
                    types.resolve("stripe.yaml"),
                    shipped
                                    // a mistake: every closed dispute read as won
                                    .replace(
                                    closed, "  charge.dispute.closed: { action: dispute.won, reader: dispute }")
                            + "  charge.captured:                { action: payment.succeeded, reader: charge }\n"
                            // a mistake: any PaymentIntent event not listed read as paid
                            + "  payment_intent.*:               { action: payment.succeeded, reader: payment_intent }\n");
            registry.add("payhook.routes.dir", routes::toString);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aTableCannotCallAPaymentPaidThatItsObjectSaysIsNot() {
        String order = unique("ord");
        gateway.putOrder(order, 2500, "EUR");
        String eventId = unique("evt");
        String body = new String(
                        TestProvider.STRIPE.payment(eventId, unique("pi"), order, 2500, "EUR", Instant.now()),
                        StandardCharsets.UTF_8)
                .replace("\"payment_intent.succeeded\"", "\"payment_intent.requires_action\"")
                .replace("\"status\": \"succeeded\"", "\"status\": \"requires_action\"")
                .replace("\"status\":\"succeeded\"", "\"status\":\"requires_action\"");
        assertThat(body).contains("requires_action\"", "payment_intent.requires_action");

        assertThat(gateway.deliver(TestProvider.STRIPE, eventId, body.getBytes(StandardCharsets.UTF_8))
                        .status())
                .isEqualTo(200);
        JsonNode dead = awaitDeadLetter("stripe", eventId);
        assertThat(dead.path("reason").asString()).isEqualTo("table_contradicts_object");
        assertThat(dead.path("detail").asString())
                .contains(
                        "stripe.yaml:",
                        "stripe payment_intent.requires_action is read as payment.succeeded, but its"
                                + " payment_intent's status is requires_action: not applied");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
    }

    @Test
    void aTableCannotCallALostDisputeWon() {
        String order = unique("ord");
        String payment = unique("pi");
        gateway.putOrder(order, 2500, "EUR");
        String paid = unique("evt");
        gateway.deliver(
                TestProvider.STRIPE,
                paid,
                TestProvider.STRIPE.payment(paid, payment, order, 2500, "EUR", Instant.now()));
        awaitOrder(order, "paid");
        String lost = unique("evt");
        gateway.deliver(
                TestProvider.STRIPE,
                lost,
                TestProvider.STRIPE.dispute(lost, payment, TestProvider.Dispute.LOST, 2500, "EUR", Instant.now()));
        JsonNode dead = awaitDeadLetter("stripe", lost);
        assertThat(dead.path("reason").asString()).isEqualTo("table_contradicts_object");
        assertThat(dead.path("detail").asString())
                .contains("charge.dispute.closed is read as dispute.won, but its dispute's status is lost");
    }

    @Test
    void aTypeAddedInYamlIsAPaymentAppliedOnce() {
        String order = unique("ord");
        String payment = unique("pi");
        gateway.putOrder(order, 2500, "EUR");
        String eventId = unique("evt");
        byte[] captured = chargeCaptured(eventId, payment, order);

        assertThat(gateway.deliver(TestProvider.STRIPE, eventId, captured).status())
                .isEqualTo(200);
        awaitOrder(order, "paid");
        assertThat(gateway.deliver(TestProvider.STRIPE, eventId, captured).status())
                .isEqualTo(200);
        awaitReceipts("stripe", eventId, 2);

        assertThat(count("SELECT count(*) FROM payments WHERE provider_payment_id = ?", payment))
                .isEqualTo(1);
        assertThat(jdbc.queryForList(
                        "SELECT outcome FROM receipts WHERE event_id = ? ORDER BY received_at", String.class, eventId))
                .containsExactly("applied", "duplicate");
        assertThat(jdbc.queryForObject(
                        "SELECT amount_minor FROM payments WHERE provider_payment_id = ?", Long.class, payment))
                .isEqualTo(2500L);
    }

    /** Stripe's charge.captured, which the shipped table does not act on: a charge authorised earlier, captured now. */
    static byte[] chargeCaptured(String eventId, String payment, String order) {
        return """
                {"id":"%s","object":"event","api_version":"2024-06-20","created":%d,"type":"charge.captured",
                 "livemode":false,"data":{"object":{"id":"ch_%s","object":"charge","amount":2500,
                 "amount_captured":2500,"captured":true,"currency":"eur","metadata":{"order_id":"%s"},
                 "paid":true,"payment_intent":"%s","status":"succeeded"}}}
                """.formatted(eventId, Instant.now().getEpochSecond(), payment, order, payment)
                .getBytes(StandardCharsets.UTF_8);
    }
}
