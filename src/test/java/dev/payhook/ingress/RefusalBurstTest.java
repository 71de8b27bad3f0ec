package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.EsewaReturns;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.jms.JMSException;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * Requests that anyone can forge, refused: ops hear of a burst on payhook.alerts and see them in the
 * metrics, and what they cost in storage is bounded per provider.
 */
@TestPropertySource(
        properties = {
            "payhook.alerts.signature-burst=3",
            "payhook.alerts.signature-window=10m",
            "payhook.evidence.refused-per-minute=5"
        })
class RefusalBurstTest extends GatewayTest {

    @Autowired
    JmsTemplate jms;

    @Autowired
    MeterRegistry meters;

    @Test
    void burstOfForgedWebhooksRaisesOneAlert() throws JMSException {
        TestProvider p = TestProvider.PADDLE;
        for (int i = 0; i < 6; i++) {
            String event = unique("evt");
            byte[] body = p.payment(event, unique("pay"), unique("ord"), 100, "USD", Instant.now());
            assertThat(gateway.webhook(
                                    p,
                                    body,
                                    p.sign(
                                            "pdl_forged_secret",
                                            event,
                                            Instant.now().getEpochSecond(),
                                            body))
                            .status())
                    .isEqualTo(401);
        }
        assertThat(alert("paddle").getText())
                .contains("signature_failure_burst", "/ops/refused?provider=paddle&since=")
                .doesNotContain("pdl_forged_secret");
    }

    /**
     * A thousand forged webhooks at once: every one counted, the cap kept (the budget row serialises
     * concurrent refusals, so a burst cannot slip past it), the rest counted as not kept.
     */
    @Test
    void aThousandForgedWebhooksAreAllCountedAndOnlyTheCapKept() throws Exception {
        TestProvider p = TestProvider.STRIPE;
        double rejectedBefore = rejected("stripe");
        ExecutorService senders = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                answers.add(senders.submit(() -> {
                    String event = unique("evt");
                    byte[] body = p.payment(event, unique("pay"), unique("ord"), 100, "USD", Instant.now());
                    return gateway.webhook(
                                    p,
                                    body,
                                    p.sign("whsec_forged", event, Instant.now().getEpochSecond(), body))
                            .status();
                }));
            }
            for (Future<Integer> answer : answers) {
                assertThat(answer.get()).isEqualTo(401);
            }
        } finally {
            senders.shutdownNow();
        }

        assertThat(rejected("stripe") - rejectedBefore).isEqualTo(1000);
        int kept = count("SELECT count(*) FROM refused_requests WHERE provider = 'stripe'");
        assertThat(kept).as("payhook.evidence.refused-per-minute is 5 here").isBetween(1, 5);
        assertThat(meters.get("payhook.refused.requests.unkept")
                        .tag("provider", "stripe")
                        .counter()
                        .count())
                .isEqualTo(1000 - kept);
    }

    @Test
    void burstOfForgedReturnsRaisesOneAlert() throws JMSException {
        for (int i = 0; i < 3; i++) {
            String forged = EsewaReturns.json(unique("ord"), "100.0", "COMPLETE", ESEWA_PRODUCT_CODE, "not-the-key");
            assertThat(gateway.request("GET", EsewaReturns.path(forged), Map.of())
                            .status())
                    .isEqualTo(401);
        }
        assertThat(alert("esewa").getText()).contains("signature_failure_burst");
    }

    /**
     * 3,000 forged returns once wrote 3,000 receipts kept for 540 days: now each is counted by
     * reason, and at most refused-per-minute of a provider's (5 here) are kept, as refused requests.
     */
    @Test
    void forgedReturnsAreCountedAndKeptOnlyWithinTheCap() {
        String marker = unique("flood");
        double rejectedBefore = rejected("imepay");
        for (int i = 0; i < 8; i++) {
            String data = Base64.getEncoder().encodeToString((marker + "|" + i).getBytes(StandardCharsets.UTF_8));
            assertThat(gateway.request("GET", "/returns/imepay?data=" + data, Map.of())
                            .status())
                    .isEqualTo(400);
        }
        for (int i = 0; i < 4; i++) {
            assertThat(gateway.request("GET", "/returns/imepay/failure?ref=" + marker, Map.of())
                            .status())
                    .isEqualTo(302);
        }

        assertThat(rejected("imepay") - rejectedBefore).isEqualTo(8);
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM refused_requests WHERE provider = 'imepay'", Integer.class))
                .isEqualTo(5);
        assertThat(meters.get("payhook.refused.requests.unkept")
                        .tag("provider", "imepay")
                        .counter()
                        .count())
                .isEqualTo(7);
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM receipts WHERE provider = 'imepay' AND source = 'return'", Integer.class))
                .isZero();
    }

    private double rejected(String provider) {
        return meters.find("payhook.ingress.rejected").tag("provider", provider).counters().stream()
                .mapToDouble(Counter::count)
                .sum();
    }

    private TextMessage alert(String provider) throws JMSException {
        jms.setReceiveTimeout(DEADLINE.toMillis());
        TextMessage alert = (TextMessage) jms.receiveSelected(
                "payhook.alerts", "PayhookKey LIKE 'alert:signature_failure_burst:" + provider + ":%'");
        assertThat(alert).isNotNull();
        return alert;
    }
}
