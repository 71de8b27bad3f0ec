package dev.payhook.reconcile;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The sweep and the daily run on Spring's scheduler. Every instance schedules both; the scheduler lock
 * (config.SchedulingConfig) lets one instance run each at a time and the others skip that turn. The daily
 * run keeps its lock for the clock skew allowed between instances, so it runs once per day, not once
 * per instance whose clock reaches 03:30 after the first one finished.
 */
@Component
@ConditionalOnProperty(name = "payhook.reconcile.scheduled", havingValue = "true", matchIfMissing = true)
public class ScheduledRuns {

    private final Reconciler reconciler;

    public ScheduledRuns(Reconciler reconciler) {
        this.reconciler = reconciler;
    }

    @Scheduled(
            initialDelayString = "${payhook.reconcile.sweep-interval:5m}",
            fixedDelayString = "${payhook.reconcile.sweep-interval:5m}")
    @SchedulerLock(name = "reconcile-sweep")
    public void sweep() {
        reconciler.sweep();
    }

    @Scheduled(cron = "${payhook.reconcile.daily-cron:0 30 3 * * *}", zone = "UTC")
    @SchedulerLock(
            name = "reconcile-daily",
            lockAtMostFor = "2h",
            lockAtLeastFor = "${payhook.scheduling.clock-skew:1m}")
    public void daily() {
        reconciler.daily();
    }
}
