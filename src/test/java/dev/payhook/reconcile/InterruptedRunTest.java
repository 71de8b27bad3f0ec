package dev.payhook.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** A run the gateway was stopped in the middle of does not stay "running" after the next start. */
class InterruptedRunTest extends GatewayTest {

    @Autowired
    Reconciler reconciler;

    @Test
    void runLeftRunningByAStopEndsFailedAtStartUp() {
        UUID run = UUID.randomUUID();
        jdbc.update(
                "INSERT INTO reconcile_runs (id, trigger, started_at) VALUES (?, 'sweep', ?)",
                run,
                Timestamp.from(Instant.now().minusSeconds(3600)));

        reconciler.abandonInterrupted(); // what the start-up does

        JsonNode report = gateway.get("/ops/reconcile/" + run).json();
        assertThat(report.path("status").asString()).isEqualTo("failed");
        assertThat(report.path("error").asString()).contains("interrupted");
    }
}
