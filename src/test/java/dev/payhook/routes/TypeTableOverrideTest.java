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
            Files.writeString(
                    types.resolve("stripe.yaml"),
                    shipped + "  charge.captured:                { action: payment.succeeded, reader: charge }\n");
            registry.add("payhook.routes.dir", routes::toString);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
