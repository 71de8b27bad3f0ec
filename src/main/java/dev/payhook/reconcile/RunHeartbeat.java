package dev.payhook.reconcile;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Every instance beats for its runs, scheduled sweeps or not (an ops request starts runs too), and
 * fails the runs of an instance that stopped beating. A beat the database does not take is tried
 * at the next one: six missed make another instance fail the run, as it would a stopped gateway's.
 */
@Component
class RunHeartbeat {

    private static final Logger log = LoggerFactory.getLogger(RunHeartbeat.class);

    private final Runs runs;

    RunHeartbeat(Runs runs) {
        this.runs = runs;
    }

    @Scheduled(
            initialDelayString = "${payhook.reconcile.heartbeat:10s}",
            fixedDelayString = "${payhook.reconcile.heartbeat:10s}")
    void beat() {
        try {
            runs.heartbeat();
        } catch (RuntimeException e) {
            log.warn("Could not beat for this instance's reconciliation runs: {}", e.toString());
        }
    }
}
