package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.provider.RefusedRequest;
import dev.payhook.store.RefusedRequestStore;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import dev.payhook.support.TestProvider.Dispute;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** Past payhook.evidence.retention a raw body goes, its receipt and SHA-256 stay; open cases keep theirs. */
class EvidenceRetentionTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @Autowired
    EvidenceRetention retention;

    @Autowired
    RefusedRequestStore refused;

    @Test
    void oldBodiesAreDroppedButNotThoseOfAnOpenDeadLetterOrReview() throws Exception {
        Instant at = Instant.now();
        String paidOrder = unique("ord");
        gateway.putOrder(paidOrder, 500, "USD");
        String old = unique("evt");
        byte[] oldBody = STRIPE.payment(old, unique("pay"), paidOrder, 500, "USD", at);
        gateway.deliver(STRIPE, old, oldBody);
        awaitOrder(paidOrder, "paid");

        String deadLettered = unique("evt");
        gateway.deliver(
                STRIPE, deadLettered, STRIPE.payment(deadLettered, unique("pay"), unique("ord"), 100, "USD", at));
        awaitDeadLetter("stripe", deadLettered);

        String reviewedOrder = unique("ord");
        String payment = unique("pay");
        gateway.putOrder(reviewedOrder, 700, "USD");
        String reviewed = unique("evt");
        gateway.deliver(STRIPE, reviewed, STRIPE.payment(reviewed, payment, reviewedOrder, 700, "USD", at));
        String won = unique("evt");
        gateway.deliver(STRIPE, won, STRIPE.dispute(won, payment, Dispute.WON, 700, "USD", at.plusSeconds(5)));
        String lost = unique("evt");
        gateway.deliver(STRIPE, lost, STRIPE.dispute(lost, payment, Dispute.LOST, 700, "USD", at.plusSeconds(9)));
        await().atMost(DEADLINE)
                .until(() -> !gateway.order(reviewedOrder).path("reviews").isEmpty());

        String recentOrder = unique("ord");
        gateway.putOrder(recentOrder, 500, "USD");
        String recent = unique("evt");
        gateway.deliver(STRIPE, recent, STRIPE.payment(recent, unique("pay"), recentOrder, 500, "USD", at));
        await().atMost(DEADLINE)
                .until(() -> count("SELECT count(*) FROM receipts WHERE event_id = ? AND outcome <> 'received'", recent)
                        == 1);

        String receipt = jdbc.queryForObject("SELECT id::text FROM receipts WHERE event_id = ?", String.class, old);
        assertThat(gateway.get("/ops/receipts/" + receipt)
                        .json()
                        .path("body_sha256")
                        .asString())
                .as("a receipt whose body is kept shows its digest too")
                .isEqualTo(HexFormat.of()
                        .formatHex(MessageDigest.getInstance("SHA-256").digest(oldBody)));

        jdbc.update(
                "UPDATE receipts SET received_at = now() - interval '600 days' WHERE event_id IN (?, ?, ?)",
                old,
                deadLettered,
                reviewed);
        assertThat(retention.purge()).isGreaterThanOrEqualTo(1);

        assertThat(bodyKept(old)).isFalse();
        assertThat(bodyKept(deadLettered)).as("an open dead letter's evidence").isTrue();
        assertThat(bodyKept(reviewed)).as("evidence of an order under review").isTrue();
        assertThat(bodyKept(recent)).as("within the retention").isTrue();

        JsonNode kept = gateway.get("/ops/receipts/" + receipt).json();
        assertThat(kept.path("outcome").asString()).isEqualTo("applied");
        assertThat(kept.path("body").isNull()).isTrue();
        assertThat(kept.path("body_sha256").asString())
                .isEqualTo(HexFormat.of()
                        .formatHex(MessageDigest.getInstance("SHA-256").digest(oldBody)));
        assertThat(kept.path("body_dropped_at").isNull()).isFalse();
        assertThat(retention.purge())
                .as("a second run has nothing of these left")
                .isZero();
    }

    @Test
    void refusedRequestsGoWholeAfterTheirOwnRetention() {
        String provider = unique("prv");
        Instant now = Instant.now();
        refused.keep(
                new RefusedRequest(
                        provider,
                        now.minus(Duration.ofDays(31)),
                        "198.51.100.7",
                        "invalid_signature",
                        Map.of(),
                        new byte[] {1}),
                60,
                10);
        refused.keep(
                new RefusedRequest(
                        provider,
                        now.minus(Duration.ofDays(29)),
                        "198.51.100.7",
                        "invalid_signature",
                        Map.of(),
                        new byte[] {2}),
                60,
                10);

        retention.purge();

        assertThat(jdbc.queryForList("SELECT body FROM refused_requests WHERE provider = ?", byte[].class, provider))
                .as("payhook.evidence.refused-retention is 30 days")
                .containsExactly(new byte[] {2});
    }

    private boolean bodyKept(String eventId) {
        return count("SELECT count(*) FROM receipts WHERE event_id = ? AND body IS NOT NULL", eventId) == 1;
    }
}
