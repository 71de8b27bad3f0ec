package dev.payhook.provider.paypal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.payhook.payment.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.types.TypeTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The PayPal simulator deliveries published in ../shared/samples/paypal/paypal2 (when that folder
 * exists) verify on their raw bytes with the certificate published beside them, pinned, at the
 * time they were sent; one changed byte does not; and the payment events map onto Payhook's.
 */
class PaypalSamplesTest {

    private static final Path DIR = Path.of("..", "shared", "samples", "paypal", "paypal2");

    private static Map<String, String> headers(Path file) throws IOException {
        Map<String, String> h = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                h.put(
                        line.substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT),
                        line.substring(colon + 1).trim());
            }
        }
        return h;
    }

    private static SignatureScheme scheme(String pem, Instant at) {
        // the simulator's webhook id
        PaypalSettings settings = new PaypalSettings("WEBHOOK_ID", List.of(pem), Duration.ofMinutes(5));
        return Paypal.signature("paypal", settings, Clock.fixed(at, ZoneOffset.UTC));
    }

    @Test
    void everyPublishedDeliveryVerifiesWithThePublishedCertificate() throws IOException {
        assumeTrue(Files.isDirectory(DIR), "no ../shared/samples");
        String pem = Files.readString(DIR.resolve("CERT-360caa42-fca2a594-1a5f47cb.pem"));
        List<Path> bodies;
        try (Stream<Path> files = Files.list(DIR)) {
            bodies = files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(bodies).hasSizeGreaterThanOrEqualTo(10);
        for (Path json : bodies) {
            Map<String, String> h = headers(Path.of(json.toString().replace(".json", ".headers")));
            byte[] body = Files.readAllBytes(json);
            SignatureScheme paypal = scheme(pem, Instant.parse(h.get("paypal-transmission-time")));
            paypal.verify(new WebhookRequest("paypal", body, h));
            byte[] altered = Arrays.copyOf(body, body.length);
            altered[altered.length / 2] ^= 1;
            assertThatThrownBy(() -> paypal.verify(new WebhookRequest("paypal", altered, h)))
                    .as(json.toString())
                    .isInstanceOf(WebhookRejected.class);
        }
    }

    @Test
    void capturesAndRefundsMapOntoPayhooksEvents() throws IOException {
        assumeTrue(Files.isDirectory(DIR), "no ../shared/samples");
        NormalizedEvent completed = event("PAYMENT.CAPTURE.COMPLETED");
        assertThat(completed.type()).isEqualTo(EventType.PAYMENT_SUCCEEDED);
        assertThat(completed.providerPaymentId()).isEqualTo("12A34567BC123456S");
        assertThat(completed.amountMinor()).isEqualTo(3000L);
        assertThat(completed.orderId()).as("no custom_id: the invoice id").isEqualTo("5840243-146");
        NormalizedEvent refunded = event("PAYMENT.CAPTURE.REFUNDED");
        assertThat(refunded.type()).isEqualTo(EventType.REFUND_SUCCEEDED);
        assertThat(refunded.providerPaymentId())
                .as("the capture of its link up")
                .isEqualTo("0JF852973C016714D");
        assertThat(refunded.refundId()).isEqualTo("1Y107995YT783435V");
        assertThat(refunded.amountMinor()).isEqualTo(99L);
        assertThat(event("PAYMENT.CAPTURE.DECLINED").type()).isEqualTo(EventType.PAYMENT_FAILED);
        assertThat(event("PAYMENT.CAPTURE.PENDING").type()).isEqualTo(EventType.PAYMENT_PENDING);
    }

    private static NormalizedEvent event(String type) throws IOException {
        Reading r = new PaypalFormat(TypeTables.shipped())
                .read(new WebhookRequest("paypal", Files.readAllBytes(DIR.resolve(type + ".json")), Map.of()));
        return r.requireEvents().get(0);
    }
}
