package dev.payhook.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayProcess;
import dev.payhook.support.TestProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The gateway as operators run it, a process on its embedded defaults: killed without a shutdown it
 * comes back with one start; its database dying under it is logged and shown by health; an orderly
 * stop drains processing before the database stops.
 */
class CrashRestartTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;

    /** Enough webhooks that hundreds still wait on payhook.inbound when the stop comes. */
    private static final int UNDER_LOAD = 400;

    @TempDir
    Path data;

    @AfterEach
    void noServerLeftBehind() {
        postmaster().ifPresent(ProcessHandle::destroyForcibly);
    }

    /**
     * One gateway's life on one data folder, three starts. SIGTERM while webhooks still arrive and
     * hundreds wait on payhook.inbound: consumers stop and their transactions finish before the
     * database stops (no infrastructure failure logged), and every webhook answered 200 is applied
     * once after the restart. Then killed without a shutdown, leaving its database server behind: it
     * comes back with one start, and its database freezing or dying under it shows in health.
     */
    @Test
    void stoppedUnderLoadThenKilledItComesBackEachTimeWithNothingLost() throws Exception {
        List<String> acknowledged = stopUnderLoad();

        long orphan;
        try (GatewayProcess restarted = GatewayProcess.start(data)) {
            for (String order : acknowledged) {
                await().atMost(Duration.ofSeconds(60))
                        .until(() -> "paid"
                                .equals(restarted
                                        .gateway
                                        .order(order)
                                        .path("status")
                                        .asString()));
            }
            for (int i = 0; i < UNDER_LOAD; i++) {
                assertThat(restarted
                                .gateway
                                .order("ord-stop-" + i)
                                .path("payments")
                                .size())
                        .isLessThanOrEqualTo(1);
            }
            pay(restarted.gateway, "ord-crash", "evt_crash_1", "pi_crash_1");
            orphan = postmaster().orElseThrow().pid();
            restarted.kill();
        }
        assertThat(ProcessHandle.of(orphan).map(ProcessHandle::isAlive))
                .as("the old server outlived its gateway")
                .contains(true);

        try (GatewayProcess afterKill = GatewayProcess.start(data)) {
            assertThat(afterKill.gateway.order("ord-crash").path("status").asString())
                    .isEqualTo("paid");
            assertThat(ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false))
                    .isFalse();
            assertThat(afterKill.log()).contains("Stopping the embedded PostgreSQL (pid " + orphan + ")");
            databaseTroubleShowsInHealth(afterKill);
            afterKill.stop();
        }
    }

    /** Webhooks sent while the gateway stops: those it answered 200. */
    private List<String> stopUnderLoad() throws Exception {
        List<String> acknowledged = new CopyOnWriteArrayList<>();
        try (GatewayProcess gateway = GatewayProcess.start(data)) {
            assertThat(gateway.warningsAtStart())
                    .as("a clean start logs no WARN or ERROR line")
                    .isEmpty();
            ExecutorService senders = Executors.newFixedThreadPool(16);
            List<Future<Integer>> registered = new ArrayList<>();
            for (int i = 0; i < UNDER_LOAD; i++) {
                String order = "ord-stop-" + i;
                registered.add(senders.submit(
                        () -> gateway.gateway.putOrder(order, 500, "USD").status()));
            }
            for (Future<Integer> status : registered) {
                assertThat(status.get()).isEqualTo(201);
            }
            for (int i = 0; i < UNDER_LOAD; i++) {
                String event = "evt_stop_" + i, payment = "pi_stop_" + i, order = "ord-stop-" + i;
                var unused = senders.submit(() -> {
                    try {
                        if (gateway.gateway
                                        .deliver(
                                                STRIPE,
                                                event,
                                                STRIPE.payment(event, payment, order, 500, "USD", Instant.now()))
                                        .status()
                                == 200) {
                            acknowledged.add(order);
                        }
                    } catch (RuntimeException refusedOrCut) {
                        // the gateway is stopping: a provider would retry this one
                    }
                });
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> acknowledged.size() >= UNDER_LOAD / 3);
            gateway.stop();
            senders.shutdown();
            assertThat(senders.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
            assertThat(gateway.log()).doesNotContain("Infrastructure failure");
        }
        return acknowledged;
    }

    /** A database that does not answer makes health DOWN with the reason, not hang; one that exits too. */
    private void databaseTroubleShowsInHealth(GatewayProcess process) throws Exception {
        Gateway gateway = process.gateway;
        ProcessHandle frozen = postmaster().orElseThrow();
        signal("STOP", frozen);
        try {
            Gateway.Answer stuck = gateway.get("/actuator/health");
            assertThat(stuck.status()).isEqualTo(503);
            assertThat(stuck.json()
                            .path("components")
                            .path("db")
                            .path("details")
                            .path("reason")
                            .asString())
                    .contains("did not answer");
        } finally {
            signal("CONT", frozen);
        }
        await().atMost(Duration.ofSeconds(30))
                .until(() -> gateway.get("/actuator/health").status() == 200);

        ProcessHandle server = postmaster().orElseThrow();
        server.destroyForcibly();
        await().atMost(Duration.ofSeconds(30)).until(() -> process.log().contains("exited while the gateway runs"));
        Gateway.Answer health = gateway.get("/actuator/health");
        assertThat(health.status()).isEqualTo(503);
        JsonNode embedded = health.json().path("components").path("embeddedPostgres");
        assertThat(embedded.path("status").asString()).isEqualTo("DOWN");
        assertThat(embedded.path("details").path("reason").asString()).contains("exited");
        assertThat(gateway.request("GET", "/actuator/health", Map.of()).body())
                .as("without the token, the status alone")
                .doesNotContain("embeddedPostgres");
    }

    private static void pay(Gateway gateway, String order, String event, String payment) {
        assertThat(gateway.putOrder(order, 700, "USD").status()).isEqualTo(201);
        assertThat(gateway.deliver(STRIPE, event, STRIPE.payment(event, payment, order, 700, "USD", Instant.now()))
                        .status())
                .isEqualTo(200);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "paid".equals(gateway.order(order).path("status").asString()));
    }

    /** SIGSTOP or SIGCONT to the database server and every backend it started. */
    private static void signal(String signal, ProcessHandle server) throws Exception {
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal, String.valueOf(server.pid())));
        server.descendants().forEach(p -> command.add(String.valueOf(p.pid())));
        assertThat(new ProcessBuilder(command).inheritIO().start().waitFor()).isZero();
    }

    private Optional<ProcessHandle> postmaster() {
        return Postmaster.running(data.resolve("postgres"));
    }
}
