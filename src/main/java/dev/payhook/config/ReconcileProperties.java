package dev.payhook.config;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/** {@code payhook.reconcile.*}: when and how the reconciler asks the providers (docs/DESIGN.md §7). */
@Validated
@ConfigurationProperties("payhook.reconcile")
public class ReconcileProperties {

    /** false: no sweep and no daily run on this instance; POST /ops/reconcile still works. */
    private boolean scheduled = true;

    @NotNull
    private Duration sweepInterval = Duration.ofMinutes(5);

    @NotNull
    private Duration pendingAfter = Duration.ofMinutes(10);

    @NotNull
    private Duration giveUpAfter = Duration.ofDays(3);

    /** Spring cron (second minute hour day month weekday), in UTC. */
    @NotBlank
    private String dailyCron = "0 30 3 * * *";

    @NotNull
    private Duration lookback = Duration.ofDays(3);

    @NotNull
    private Duration httpTimeout = Duration.ofSeconds(10);

    /**
     * How long a payer's browser return waits for the lookup it started before the payer is sent
     * on (to the failure page when the order is not paid yet).
     */
    @NotNull
    private Duration returnWait = Duration.ofSeconds(10);

    /** Calls per request within one run, the first included. */
    @Min(1)
    @Max(10)
    private int attempts = 3;

    /** Before the second attempt; doubled for each further one, with jitter. */
    @NotNull
    private Duration initialBackoff = Duration.ofMillis(500);

    /**
     * How often an instance says its runs still work; a run whose instance has not said so for six
     * of these is failed by whichever instance notices (it stopped, or lost the database).
     */
    @NotNull
    private Duration heartbeat = Duration.ofSeconds(10);

    public Duration getHeartbeat() {
        return heartbeat;
    }

    public void setHeartbeat(Duration heartbeat) {
        this.heartbeat = heartbeat;
    }

    public boolean isScheduled() {
        return scheduled;
    }

    public void setScheduled(boolean scheduled) {
        this.scheduled = scheduled;
    }

    public Duration getSweepInterval() {
        return sweepInterval;
    }

    public void setSweepInterval(Duration sweepInterval) {
        this.sweepInterval = sweepInterval;
    }

    public Duration getPendingAfter() {
        return pendingAfter;
    }

    public void setPendingAfter(Duration pendingAfter) {
        this.pendingAfter = pendingAfter;
    }

    public Duration getGiveUpAfter() {
        return giveUpAfter;
    }

    public void setGiveUpAfter(Duration giveUpAfter) {
        this.giveUpAfter = giveUpAfter;
    }

    public String getDailyCron() {
        return dailyCron;
    }

    public void setDailyCron(String dailyCron) {
        this.dailyCron = dailyCron;
    }

    public Duration getLookback() {
        return lookback;
    }

    public void setLookback(Duration lookback) {
        this.lookback = lookback;
    }

    public Duration getReturnWait() {
        return returnWait;
    }

    public void setReturnWait(Duration returnWait) {
        this.returnWait = returnWait;
    }

    public Duration getHttpTimeout() {
        return httpTimeout;
    }

    public void setHttpTimeout(Duration httpTimeout) {
        this.httpTimeout = httpTimeout;
    }

    public int getAttempts() {
        return attempts;
    }

    public void setAttempts(int attempts) {
        this.attempts = attempts;
    }

    public Duration getInitialBackoff() {
        return initialBackoff;
    }

    public void setInitialBackoff(Duration initialBackoff) {
        this.initialBackoff = initialBackoff;
    }
}
