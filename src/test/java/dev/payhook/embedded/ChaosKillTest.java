package dev.payhook.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.GatewayProcess;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.TestProvider;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A short chaos run: the gateway process on its embedded defaults is killed with SIGKILL twice while
 * a thousand webhooks and more arrive, and restarted each time on the same data. The sender behaves like a
 * provider: it retries until it gets a 2xx, and delivers some events again after that. Every event
 * acknowledged is applied exactly once, and the merchant's HTTP endpoint is told of every order paid.
 */
class ChaosKillTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;
    /** Enough that each kill lands mid-stream; more only lengthens the suite's ten minutes on two cores. */
    private static final int EVENTS = 1200;

    private static final Duration SENDING = Duration.ofMinutes(4);
    private static final int CONCURRENCY = 4;
    private static final int OUTBOX_BATCH = 100;
    /** payhook.outbox.workers: each may have a batch published and not yet marked at a kill. */
    private static final int OUTBOX_WORKERS = 4;
    /** The merchant's endpoint, outside the killed process: every start of the gateway delivers to it. */
    private static final String[] ENDPOINT = {
        "--payhook.deliveries.chaos.url=" + MerchantReceiver.url("chaos"),
        "--payhook.deliveries.chaos.allow-insecure=true",
        "--payhook.deliveries.chaos.secrets[0]=" + MerchantReceiver.SECRET,
        "--payhook.deliveries.chaos.types=order.paid",
        "--payhook.deliveries.chaos.concurrency=" + CONCURRENCY,
        "--payhook.outbox.batch-size=" + OUTBOX_BATCH,
        "--payhook.outbox.workers=" + OUTBOX_WORKERS
    };

    @TempDir
    Path data;

    @Test
    void twoKillsUnderLoadLoseNoAcknowledgedWebhookAndApplyNoneTwice() throws Exception {
        AtomicReference<GatewayProcess> current = new AtomicReference<>(GatewayProcess.start(data, ENDPOINT));
        Set<Integer> acknowledged = ConcurrentHashMap.newKeySet();
        AtomicInteger refusedOrCut = new AtomicInteger();
        List<GatewayProcess> killed = new ArrayList<>();
        try {
            try (Connection db = DriverManager.getConnection(current.get().jdbcUrl(), "postgres", "");
                    Statement statement = db.createStatement()) {
                statement.execute("INSERT INTO orders (order_id, amount_minor, currency, sku, customer_id) SELECT"
                        + " 'ord-chaos-' || i, 700, 'USD', 'book-1', 'c' FROM generate_series(0, " + (EVENTS - 1)
                        + ") i");
            }
            ExecutorService senders = Executors.newFixedThreadPool(16);
            Instant giveUp = Instant.now().plus(SENDING);
            for (int i = 0; i < EVENTS; i++) {
                int n = i;
                var unused = senders.submit(() -> {
                    byte[] body = STRIPE.payment(event(n), "pi_chaos_" + n, order(n), 700, "USD", Instant.now());
                    // every fifth event is delivered again once acknowledged, as providers do
                    for (int wanted = n % 5 == 0 ? 2 : 1, got = 0;
                            got < wanted && Instant.now().isBefore(giveUp); ) {
                        try {
                            if (current.get()
                                            .gateway
                                            .deliver(STRIPE, event(n), body)
                                            .status()
                                    == 200) {
                                acknowledged.add(n);
                                got++;
                                continue;
                            }
                        } catch (RuntimeException downOrCut) {
                            // killed, restarting, or the connection cut: retry like a provider
                        }
                        refusedOrCut.incrementAndGet();
                        pause();
                    }
                });
            }
            for (int kill = 1; kill <= 2; kill++) {
                int threshold = EVENTS * kill / 3;
                await().atMost(SENDING).until(() -> acknowledged.size() >= threshold);
                GatewayProcess victim = current.get();
                victim.kill();
                killed.add(victim);
                current.set(GatewayProcess.start(data, ENDPOINT));
            }
            senders.shutdown();
            assertThat(senders.awaitTermination(SENDING.toSeconds(), TimeUnit.SECONDS))
                    .isTrue();
            assertThat(acknowledged).as("every event acknowledged in the end").hasSize(EVENTS);
            assertThat(refusedOrCut.get())
                    .as("the kills were felt by the sender")
                    .isPositive();
            LoggerFactory.getLogger(ChaosKillTest.class)
                    .info(
                            "Chaos run: {} events acknowledged through 2 kills, {} attempts refused or cut on the way",
                            acknowledged.size(),
                            refusedOrCut.get());

            GatewayProcess survivor = current.get();
            try (Connection db = DriverManager.getConnection(survivor.jdbcUrl(), "postgres", "")) {
                await().atMost(Duration.ofMinutes(2))
                        .until(() -> number(
                                        db,
                                        "SELECT count(*) FROM orders WHERE order_id LIKE 'ord-chaos-%'"
                                                + " AND status = 'paid'")
                                == EVENTS);
                assertThat(number(db, "SELECT count(*) FROM payments WHERE order_id LIKE 'ord-chaos-%'"))
                        .as("one payment per order")
                        .isEqualTo(EVENTS);
                assertThat(number(db, "SELECT count(*) FROM processed_events WHERE event_id LIKE 'evt_chaos_%'"))
                        .isEqualTo(EVENTS);
                assertThat(number(
                                db,
                                "SELECT count(*) FROM (SELECT event_id FROM receipt_events"
                                        + " WHERE event_id LIKE 'evt_chaos_%' AND outcome = 'applied'"
                                        + " GROUP BY event_id HAVING count(*) = 1) once"))
                        .as("events applied exactly once")
                        .isEqualTo(EVENTS);
                assertThat(number(db, "SELECT count(*) FROM outbox WHERE dedupe_key LIKE 'event:stripe:evt_chaos_%'"))
                        .as("one normalized event published per event")
                        .isEqualTo(EVENTS);
            }
            // the merchant's endpoint took every order's order.paid; twice only what a kill cut short
            await().atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() -> taken().size() == EVENTS);
            Map<String, Long> taken = taken();
            long twice = taken.values().stream().filter(n -> n > 1).count();
            LoggerFactory.getLogger(ChaosKillTest.class)
                    .info(
                            "Chaos run: {} order.paid taken by the endpoint, {} of them more than once",
                            taken.size(),
                            twice);
            assertThat(twice)
                    .as("taken again: only attempts in flight or published but not yet marked at a kill")
                    .isLessThanOrEqualTo(2L * (CONCURRENCY + OUTBOX_WORKERS * OUTBOX_BATCH));
        } finally {
            current.get().close();
            killed.forEach(GatewayProcess::close);
        }
    }

    /** The endpoint's 2xx answers to this run's order.paid messages, by webhook-id. */
    private static Map<String, Long> taken() {
        return MerchantReceiver.server().getAllServeEvents().stream()
                .filter(e -> e.getRequest().getUrl().equals("/hooks/chaos"))
                .filter(e ->
                        e.getResponse().getFault() == null && e.getResponse().getStatus() == 200)
                .map(e -> e.getRequest().getHeader("webhook-id"))
                .filter(id -> id.startsWith("order:ord-chaos-"))
                .collect(Collectors.groupingBy(id -> id, Collectors.counting()));
    }

    private static long number(Connection db, String sql) throws SQLException {
        try (Statement statement = db.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String order(int n) {
        return "ord-chaos-" + n;
    }

    private static String event(int n) {
        return "evt_chaos_" + n;
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
