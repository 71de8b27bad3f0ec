package dev.payhook.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.payhook.payment.EventType;
import dev.payhook.payment.SubscriptionStatus;
import dev.payhook.provider.dodo.DodoFormat;
import dev.payhook.provider.paddle.Paddle;
import dev.payhook.provider.paddle.PaddleFormat;
import dev.payhook.provider.standardwebhooks.StandardWebhooks;
import dev.payhook.provider.stripe.StripeFormat;
import dev.payhook.provider.types.TypeTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Replays the real published payloads of ../shared/samples (when that folder exists) through the
 * schemes and formats: their published signatures verify, and every payment event maps onto Payhook's types.
 * The secrets below are the public test vectors published with those samples.
 */
class PublishedSamplesTest {

    private static final Path SAMPLES = Samples.DIR;

    @Test
    void paddleSdkSignatureVectorsVerifyOnTheRawBytes() throws IOException {
        assumeTrue(Files.isDirectory(SAMPLES), "no ../shared/samples");
        for (String name : List.of("webhook_payload", "standard_payload", "special_chars_payload")) {
            Path dir = SAMPLES.resolve("paddle/paddle-python-sdk");
            // the SDK signs the file without its trailing newline, as Paddle sends it
            byte[] body = Files.readString(dir.resolve(name + ".json"))
                    .strip()
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            Map<String, String> headers = Samples.headers(dir.resolve(name + ".headers"));
            long ts = Long.parseLong(headers.get("paddle-signature").replaceAll("^ts=(\\d+);.*", "$1"));
            SignatureScheme paddle = Paddle.signature(
                    "paddle",
                    Samples.secrets("pdl_ntfset_01hs0t3tw21j988db1pam5xg8m_GrOWLNef+vmtjJYq4mSnHNzvc8uWoJ1I"),
                    Samples.clockAt(ts));
            WebhookRequest request = new WebhookRequest("paddle", body, headers);
            paddle.verify(request);
            byte[] altered = java.util.Arrays.copyOf(body, body.length);
            altered[10] ^= 1;
            assertThatThrownBy(() -> paddle.verify(new WebhookRequest("paddle", altered, headers)))
                    .isInstanceOf(WebhookRejected.class);
        }
    }

    @Test
    void standardWebhooksTestVectorVerifies() throws IOException {
        assumeTrue(Files.isDirectory(SAMPLES), "no ../shared/samples");
        Path dir = SAMPLES.resolve("standard-webhooks/test-vector");
        byte[] body = Files.readAllBytes(dir.resolve("payload.json"));
        Map<String, String> headers = Samples.headers(dir.resolve("payload.headers"));
        HmacSecrets secret = Samples.secrets("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        StandardWebhooks.signature("dodo", secret, Samples.clockAt(1614265330))
                .verify(new WebhookRequest("dodo", body, headers));
        assertThat(new DodoFormat(TypeTables.shipped())
                        .read(new WebhookRequest("dodo", body, headers))
                        .eventId())
                .isEqualTo("msg_p5jXN8AQM9LWM0D4loKWxJek");
        SignatureScheme late = StandardWebhooks.signature("dodo", secret, Samples.clockAt(1614265330 + 301));
        assertThatThrownBy(() -> late.verify(new WebhookRequest("dodo", body, headers)))
                .isInstanceOf(WebhookRejected.class)
                .hasMessage("timestamp_outside_tolerance");
    }

    @Test
    void everyStripeSampleNormalizes() throws IOException {
        assumeTrue(Files.isDirectory(SAMPLES), "no ../shared/samples");
        StripeFormat stripe = new StripeFormat(TypeTables.shipped());
        Map<String, NormalizedEvent> byFile = new HashMap<>();
        try (Stream<Path> files = Files.list(SAMPLES.resolve("stripe/stripe-ruby-mock"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                List<NormalizedEvent> events =
                        Samples.events(stripe, new WebhookRequest("stripe", Files.readAllBytes(f), Map.of()));
                assertThat(events).as(f.toString()).isNotEmpty();
                byFile.put(f.getFileName().toString(), events.get(0));
            }
        }
        NormalizedEvent succeeded = byFile.get("payment_intent.succeeded.json");
        assertThat(succeeded.type()).isEqualTo(EventType.PAYMENT_SUCCEEDED);
        assertThat(succeeded.amountMinor()).isEqualTo(2000L);
        assertThat(succeeded.currency()).isEqualTo("USD");
        assertThat(byFile.get("charge.refunded.json").type()).isEqualTo(EventType.REFUND_SUCCEEDED);
        assertThat(byFile.get("charge.dispute.created.json").type()).isEqualTo(EventType.DISPUTE_OPENED);
        assertThat(byFile.get("payment_intent.payment_failed.json").type()).isEqualTo(EventType.PAYMENT_FAILED);
        assertThat(byFile.get("payment_intent.canceled.json").type()).isEqualTo(EventType.PAYMENT_CANCELED);
        // API version 2020-08-27: the period is the subscription's own, the price a plan's
        NormalizedEvent created = byFile.get("customer.subscription.created.json");
        assertThat(created.type()).isEqualTo(EventType.SUBSCRIPTION_ACTIVATED);
        assertThat(created.subscription().currentPeriodEnd()).isEqualTo(Instant.ofEpochSecond(1650998510));
        NormalizedEvent deleted = byFile.get("customer.subscription.deleted.json");
        assertThat(deleted.type()).isEqualTo(EventType.SUBSCRIPTION_CANCELED);
        assertThat(deleted.subscription().cancelAt()).as("ended at once").isEqualTo(Instant.ofEpochSecond(1648320097));
        // a manual invoice bills no subscription: nothing Payhook follows
        assertThat(byFile.get("invoice.paid.json").type()).isEqualTo(EventType.OTHER);
    }

    @Test
    void everyPaddleSubscriptionEntityNormalizes() throws IOException {
        assumeTrue(Files.isDirectory(SAMPLES), "no ../shared/samples");
        PaddleFormat paddle = new PaddleFormat(TypeTables.shipped());
        Map<String, NormalizedEvent> byType = new HashMap<>();
        Path dir = SAMPLES.resolve("paddle/paddle-python-sdk/notification-entity");
        for (String type : List.of("subscription.created", "subscription.past_due", "subscription.canceled")) {
            // the samples are data only: the envelope around them is ours
            String envelope = "{\"event_id\":\"evt_sample\",\"event_type\":\"" + type
                    + "\",\"occurred_at\":\"2024-04-12T11:24:55Z\",\"data\":"
                    + Files.readString(dir.resolve(type + ".json")) + "}";
            WebhookRequest r =
                    new WebhookRequest("paddle", envelope.getBytes(java.nio.charset.StandardCharsets.UTF_8), Map.of());
            byType.put(type, Samples.events(paddle, r).get(0));
        }
        NormalizedEvent created = byType.get("subscription.created");
        assertThat(created.type()).isEqualTo(EventType.SUBSCRIPTION_ACTIVATED);
        assertThat(created.subscriptionId()).isEqualTo("sub_01hv8x29kz0t586xy6zn1a62ny");
        assertThat(created.subscription().amountMinor())
                .as("10 seats of 30.00 and one of 100.00")
                .isEqualTo(40000L);
        assertThat(byType.get("subscription.past_due").subscription().status()).isEqualTo(SubscriptionStatus.PAST_DUE);
        assertThat(byType.get("subscription.canceled").subscription().cancelAt())
                .isEqualTo(Instant.parse("2024-04-12T11:24:54.868Z"));
    }

    @Test
    void everyDodoSampleNormalizes() throws IOException {
        assumeTrue(Files.isDirectory(SAMPLES), "no ../shared/samples");
        DodoFormat dodo = new DodoFormat(TypeTables.shipped());
        Map<String, NormalizedEvent> byType = new HashMap<>();
        try (Stream<Path> files = Files.list(SAMPLES.resolve("dodo/dodo-docs/x-webhooks-examples"))) {
            for (Path f : files.toList()) {
                WebhookRequest r = new WebhookRequest(
                        "dodo", Files.readAllBytes(f), Map.of("webhook-id", "msg_" + f.getFileName()));
                NormalizedEvent e = Samples.events(dodo, r).get(0);
                byType.put(e.providerType(), e);
            }
        }
        assertThat(byType.get("payment.succeeded").type()).isEqualTo(EventType.PAYMENT_SUCCEEDED);
        assertThat(byType.get("payment.succeeded").amountMinor()).isEqualTo(400L);
        assertThat(byType.get("refund.succeeded").refundId()).isEqualTo("ref_nUV0DuvmVgeKJVbS04L0y");
        assertThat(byType.get("dispute.opened").amountMinor()).isEqualTo(400L);
        assertThat(byType.get("dispute.lost").type()).isEqualTo(EventType.DISPUTE_LOST);
        assertThat(byType.get("subscription.on_hold").type()).isEqualTo(EventType.SUBSCRIPTION_PAST_DUE);
        assertThat(byType.get("subscription.active").subscription().amountMinor())
                .isEqualTo(1000L);
        for (String ended : List.of("subscription.cancelled", "subscription.failed", "subscription.expired")) {
            assertThat(byType.get(ended).subscription().status()).as(ended).isEqualTo(SubscriptionStatus.CANCELED);
        }
    }
}
