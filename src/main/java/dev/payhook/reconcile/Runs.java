package dev.payhook.reconcile;

import dev.payhook.alerts.AlertKind;
import dev.payhook.alerts.Alerts;
import dev.payhook.config.ReconcileProperties;
import dev.payhook.processing.FactIntake;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.ProviderRegistry;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The life of a reconciliation run, whatever started it: opened and recorded, its work done here
 * or in the background, finished done or failed (counted, and a failure raised as an alert), and
 * a run of a gateway that stopped failed by whichever instance still beats.
 */
@Component
class Runs {

    private static final Logger log = LoggerFactory.getLogger(Runs.class);
    private static final Duration POLL = Duration.ofMillis(100);

    private final RunStore store;
    private final FactIntake intake;
    private final Alerts alerts;
    private final ProviderRegistry providers;
    private final ReconcileProperties properties;
    private final MeterRegistry meters;
    // runs asked for over HTTP go on here, so the request is answered at once with the run's id
    private final ExecutorService background = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "payhook-reconcile");
        t.setDaemon(true);
        return t;
    });

    Runs(
            RunStore store,
            FactIntake intake,
            Alerts alerts,
            ProviderRegistry providers,
            ReconcileProperties properties,
            MeterRegistry meters) {
        this.store = store;
        this.intake = intake;
        this.alerts = alerts;
        this.providers = providers;
        this.properties = properties;
        this.meters = meters;
    }

    /** Every series at zero from the start, so a rule on {@code increase()} tells "none yet" from "not reported". */
    @EventListener(ApplicationStartedEvent.class)
    void seriesAtZero() {
        counted(RunStatus.DONE);
        counted(RunStatus.FAILED);
        for (FindingKind kind : FindingKind.values()) {
            Run.findings(meters, kind);
        }
        providers.enabled().keySet().forEach(provider -> Run.applied(meters, provider));
    }

    private Counter counted(RunStatus status) {
        return meters.counter("payhook.reconcile.runs", "status", status.wireName());
    }

    Run open(RunTrigger trigger, String provider, String orderId, Instant since, String signal) {
        Run run = new Run(UUID.randomUUID(), trigger, store, intake, meters);
        store.start(run.id(), trigger, provider, orderId, since, signal);
        log.info("Reconciliation run {} ({}) started", run.id(), trigger.wireName());
        return run;
    }

    /** The run's work in the background; its id at once. */
    UUID inBackground(Run run, Runnable body) {
        background.execute(() -> execute(run, body));
        return run.id();
    }

    /** Whether a run with this signal started for the order within {@code within}. */
    boolean startedFor(String orderId, String signal, Duration within) {
        return store.startedFor(orderId, signal, within);
    }

    void execute(Run run, Runnable body) {
        try {
            body.run();
        } catch (ApiFailure e) {
            run.failed(e.getMessage());
        } catch (RuntimeException e) {
            log.warn("Reconciliation run {} stopped by a processing failure", run.id(), e);
            run.failed(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
        if (run.hasFailed()) {
            String error = run.error();
            store.finish(run.id(), RunStatus.FAILED, error);
            counted(RunStatus.FAILED).increment();
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("run_id", run.id().toString());
            details.put("trigger", run.trigger().wireName());
            details.put("detail", error);
            alerts.raise(AlertKind.RECONCILE_FAILED, run.id().toString(), details);
            log.warn("Reconciliation run {} failed: {}", run.id(), error);
        } else {
            store.finish(run.id(), RunStatus.DONE, null);
            counted(RunStatus.DONE).increment();
            log.info("Reconciliation run {} done", run.id());
        }
    }

    /** Waits up to {@code atMost} for the run to finish; whether it did. */
    boolean await(UUID run, Duration atMost) {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (System.nanoTime() < deadline) {
            if (store.finished(run)) {
                return true;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return store.finished(run);
    }

    /**
     * A run whose gateway stopped (its heartbeat silent for six beats) ends failed; its facts that
     * were processed stay applied, and the next run asks again. Runs of other instances that still
     * beat are theirs: a restart here leaves them alone. At start-up, and on every beat after.
     */
    @PostConstruct
    void abandonInterrupted() {
        int abandoned = store.abandonSilent(properties.getHeartbeat().multipliedBy(6));
        if (abandoned > 0) {
            log.warn("{} reconciliation run(s) of a stopped gateway are marked failed", abandoned);
        }
    }

    /** This instance's runs still work; and those of an instance that stopped are failed. */
    void heartbeat() {
        store.beat();
        abandonInterrupted();
    }

    @PreDestroy
    void stop() {
        background.shutdownNow();
    }
}
