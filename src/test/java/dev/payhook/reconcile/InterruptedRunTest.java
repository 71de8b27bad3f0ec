package dev.payhook.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Several instances share the database: a run belongs to the instance that started it and beats
 * while it works. A start fails the runs of a gateway that stopped beating, never those of one
 * that still beats; and each beat keeps this instance's runs alive.
 */
class InterruptedRunTest extends GatewayTest {

    @Autowired
    Runs lifecycle;

    @Autowired
    RunStore runs;

    @Test
    void runLeftRunningByAStoppedGatewayEndsFailedAtStartUp() {
        UUID earlier = run(null, null); // from before runs had owners
        UUID stopped = run("host-b/4242/0badc0de", Instant.now().minus(Duration.ofMinutes(5)));

        lifecycle.abandonInterrupted(); // what the start-up does

        for (UUID run : new UUID[] {earlier, stopped}) {
            JsonNode report = gateway.get("/ops/reconcile/" + run).json();
            assertThat(report.path("status").asString()).isEqualTo("failed");
            assertThat(report.path("error").asString()).contains("interrupted", "stopped during the run");
        }
        assertThat(gateway.get("/ops/reconcile/" + stopped).json().path("error").asString())
                .contains("host-b/4242/0badc0de");
    }

    /** Instance A works on a run; instance B restarts meanwhile: A's run is still running, and finishes. */
    @Test
    void aRestartLeavesTheRunOfAnotherLiveInstanceAlone() {
        UUID live = run("host-a/1717/feedf00d", Instant.now());

        lifecycle.abandonInterrupted(); // instance B starting

        assertThat(status(live)).isEqualTo("running");
        runs.finish(live, RunStatus.DONE, null); // A finishing its run
        assertThat(status(live)).isEqualTo("done");
    }

    @Test
    void eachBeatKeepsThisInstancesRunsAliveAndFailsThoseOfAStoppedOne() {
        UUID mine = run(runs.owner(), Instant.now().minus(Duration.ofHours(1)));
        UUID stopped = run("host-c/99/deadbeef", Instant.now().minus(Duration.ofHours(1)));

        lifecycle.heartbeat();

        assertThat(status(mine)).isEqualTo("running");
        assertThat(jdbc.queryForObject(
                        "SELECT heartbeat_at > now() - interval '1 minute' FROM reconcile_runs WHERE id = ?",
                        Boolean.class,
                        mine))
                .isTrue();
        assertThat(status(stopped)).isEqualTo("failed");
        runs.finish(mine, RunStatus.DONE, null);
    }

    private UUID run(String owner, Instant heartbeat) {
        UUID run = UUID.randomUUID();
        jdbc.update(
                "INSERT INTO reconcile_runs (id, trigger, started_at, owner, heartbeat_at) VALUES (?, 'sweep', ?, ?, ?)",
                run,
                Timestamp.from(Instant.now().minusSeconds(3600)),
                owner,
                heartbeat == null ? null : Timestamp.from(heartbeat));
        return run;
    }

    private String status(UUID run) {
        return gateway.get("/ops/reconcile/" + run).json().path("status").asString();
    }
}
