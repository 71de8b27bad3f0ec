package dev.payhook.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.Scrape;
import dev.payhook.support.TestProvider;
import dev.payhook.support.TestProvider.Dispute;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Instant;
import java.util.Map;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Each metric ops watch moves when the thing it counts happens. */
class MetricsTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @Autowired
    DataSource dataSource;

    private double deliveries(String outcome) {
        return Scrape.of(gateway).value("payhook_receipts_total", "provider=stripe", "outcome=" + outcome);
    }

    /** Waits until {@code read} exceeds {@code before}: the counters move after the transaction commits. */
    private void awaitMoved(String what, double before, Supplier<Double> read) {
        await().atMost(DEADLINE).alias(what + " moves from " + before).until(() -> read.get() > before);
    }

    @Test
    void eachOutcomeOfADeliveryIsCountedByProvider() {
        String order = unique("ord");
        String payment = unique("pay");
        String event = unique("evt");
        gateway.putOrder(order, 1000, "USD");
        Instant at = Instant.now();
        byte[] body = STRIPE.payment(event, payment, order, 1000, "USD", at);

        double applied = deliveries("applied");
        double latency = Scrape.of(gateway).value("payhook_processing_latency_seconds_count", "provider=stripe");
        double answered =
                Scrape.of(gateway).value("payhook_ingress_latency_seconds_count", "provider=stripe", "answer=accepted");
        gateway.deliver(STRIPE, event, body);
        awaitMoved("applied", applied, () -> deliveries("applied"));
        assertThat(Scrape.of(gateway).value("payhook_processing_latency_seconds_count", "provider=stripe"))
                .isGreaterThan(latency);
        assertThat(Scrape.of(gateway)
                        .value("payhook_ingress_latency_seconds_count", "provider=stripe", "answer=accepted"))
                .isGreaterThan(answered);

        double duplicate = deliveries("duplicate");
        gateway.deliver(STRIPE, event, body);
        awaitMoved("duplicate", duplicate, () -> deliveries("duplicate"));

        // another event about the same payment, older, that changes nothing
        double stale = deliveries("stale");
        String older = unique("evt");
        gateway.deliver(STRIPE, older, STRIPE.payment(older, payment, order, 1000, "USD", at.minusSeconds(60)));
        awaitMoved("stale", stale, () -> deliveries("stale"));

        // a chargeback decided twice: the second decision contradicts the first. The first is
        // awaited: consumers run concurrently, and the later one taken first leaves the older stale
        double review = deliveries("review");
        double appliedBefore = deliveries("applied");
        String won = unique("evt");
        gateway.deliver(STRIPE, won, STRIPE.dispute(won, payment, Dispute.WON, 1000, "USD", at.plusSeconds(10)));
        awaitMoved("applied", appliedBefore, () -> deliveries("applied"));
        String lost = unique("evt");
        gateway.deliver(STRIPE, lost, STRIPE.dispute(lost, payment, Dispute.LOST, 1000, "USD", at.plusSeconds(20)));
        awaitMoved("review", review, () -> deliveries("review"));

        double ignored = deliveries("ignored");
        double customers =
                Scrape.of(gateway).value("payhook_events_ignored_total", "provider=stripe", "type=customer.created");
        String customer = unique("evt");
        byte[] noEffect = ("{\"id\":\"" + customer
                        + "\",\"object\":\"event\",\"type\":\"customer.created\",\"created\":"
                        + at.getEpochSecond() + ",\"livemode\":false,\"data\":{\"object\":{\"id\":\"cus_1\","
                        + "\"object\":\"customer\"}}}")
                .getBytes(StandardCharsets.UTF_8);
        gateway.deliver(STRIPE, customer, noEffect);
        awaitMoved("ignored", ignored, () -> deliveries("ignored"));
        assertThat(Scrape.of(gateway).value("payhook_events_ignored_total", "provider=stripe", "type=customer.created"))
                .as("what the integrator is not handling, by the provider's type")
                .isEqualTo(customers + 1);

        double deadLettered = deliveries("dead_lettered");
        double alerts = Scrape.of(gateway).value("payhook_alerts_total", "kind=unknown_order");
        String unknown = unique("evt");
        gateway.deliver(STRIPE, unknown, STRIPE.payment(unknown, unique("pay"), unique("ord"), 100, "USD", at));
        awaitMoved("dead_lettered", deadLettered, () -> deliveries("dead_lettered"));
        awaitMoved("alerts", alerts, () -> Scrape.of(gateway).value("payhook_alerts_total", "kind=unknown_order"));

        double rejected = deliveries("rejected_signature");
        String forged = unique("evt");
        byte[] forgedBody = STRIPE.payment(forged, unique("pay"), order, 1000, "USD", at);
        assertThat(gateway.webhook(
                                STRIPE,
                                forgedBody,
                                STRIPE.sign("whsec_someone_else", forged, at.getEpochSecond(), forgedBody))
                        .status())
                .isEqualTo(401);
        assertThat(deliveries("rejected_signature")).isGreaterThan(rejected);
    }

    /**
     * Two deliveries of one event in flight at once: the second waits on the first's event-id lock,
     * then counts as a duplicate that lost the lock. A transaction of the test's own holds the
     * lock row uncommitted until both are in flight.
     */
    @Test
    void aConcurrentDuplicateThatLostTheEventIdLockIsCounted() throws Exception {
        String order = unique("ord");
        String event = unique("evt");
        gateway.putOrder(order, 500, "USD");
        byte[] body = STRIPE.payment(event, unique("pay"), order, 500, "USD", Instant.now());
        double conflicts = Scrape.of(gateway).value("payhook_processing_lock_conflicts_total", "provider=stripe");

        try (Connection holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            try (var insert =
                    holder.prepareStatement("INSERT INTO processed_events (provider, event_id) VALUES ('stripe', ?)")) {
                insert.setString(1, event);
                insert.executeUpdate();
            }
            gateway.deliver(STRIPE, event, body);
            gateway.deliver(STRIPE, event, body);
            // two consumers now wait on the row this transaction holds (their receipts are not
            // committed yet: each is in its batch's transaction)
            await().atMost(DEADLINE)
                    .until(() -> count("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                                    + " AND query LIKE 'INSERT INTO processed_events%'")
                            >= 2);
            holder.rollback();
        }

        awaitOrder(order, "paid");
        awaitMoved(
                "lock conflicts",
                conflicts,
                () -> Scrape.of(gateway).value("payhook_processing_lock_conflicts_total", "provider=stripe"));
    }

    @Test
    void theOutboxLagIsTheAgeOfTheOldestUnpublishedRow() {
        String key = unique("lag");
        jdbc.update(
                "INSERT INTO outbox (destination, kind, dedupe_key, payload, created_at, available_at)"
                        + " VALUES ('payhook.alerts', 'test', ?, '{}'::jsonb, now() - interval '1 hour', now() + interval '1 day')",
                key);
        try {
            assertThat(Scrape.of(gateway).value("payhook_outbox_lag_seconds")).isGreaterThanOrEqualTo(3600);
        } finally {
            jdbc.update("DELETE FROM outbox WHERE dedupe_key = ?", key);
        }
    }

    @Test
    void theMetricsOpsWatchAreAllExposed() {
        Scrape scrape = Scrape.of(gateway);
        for (String name : new String[] {"payhook_queue_depth", "payhook_outbox_lag_seconds"}) {
            assertThat(scrape.has(name)).as(name).isTrue();
        }
        assertThat(scrape.value("payhook_queue_depth", "queue=payhook.dlq")).isGreaterThanOrEqualTo(0);
        assertThat(gateway.request("GET", "/actuator/prometheus", Map.of()).status())
                .isEqualTo(401);
    }

    @Test
    void infoSaysWhichVersionAndCommitRun() throws Exception {
        Process git = new ProcessBuilder("git", "rev-parse", "HEAD").start();
        String head = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        tools.jackson.databind.JsonNode info = tools.jackson.databind.json.JsonMapper.shared()
                .readTree(gateway.get("/actuator/info").body());
        assertThat(info.path("build").path("version").asString()).isEqualTo(dev.payhook.support.Pom.version());
        String commit = info.path("git").path("commit").path("id").asString();
        assertThat(commit)
                .as("the commit the classes were built from, abbreviated")
                .hasSizeGreaterThanOrEqualTo(7);
        assertThat(head).startsWith(commit);
        assertThat(gateway.request("GET", "/actuator/info", Map.of()).status()).isEqualTo(401);
    }
}
