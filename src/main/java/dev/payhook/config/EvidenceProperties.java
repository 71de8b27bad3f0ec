package dev.payhook.config;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/** {@code payhook.evidence.*}: how long the raw bytes of each notification are kept. */
@Validated
@ConfigurationProperties("payhook.evidence")
public class EvidenceProperties {

    /**
     * Raw bodies older than this are dropped (the receipt row, its outcome and the body's SHA-256
     * stay). The default outlasts the longest dispute window of the supported providers (540 days).
     */
    @NotNull
    private Duration retention = Duration.ofDays(540);

    /**
     * Requests kept although nothing verified them (refused webhooks and browser returns, returns
     * to a failure page) are deleted after this: they are evidence of an attempt, not of a payment.
     */
    @NotNull
    private Duration refusedRetention = Duration.ofDays(30);

    /** At most this many of them are kept per provider within a minute; the rest are only counted. */
    @Min(0)
    private int refusedPerMinute = 60;

    /** At most this many of them are kept per provider in all: a new one drops the oldest. */
    @Min(1)
    private int refusedMaxRows = 10_000;

    public int getRefusedMaxRows() {
        return refusedMaxRows;
    }

    public void setRefusedMaxRows(int refusedMaxRows) {
        this.refusedMaxRows = refusedMaxRows;
    }

    public Duration getRefusedRetention() {
        return refusedRetention;
    }

    public void setRefusedRetention(Duration refusedRetention) {
        this.refusedRetention = refusedRetention;
    }

    public int getRefusedPerMinute() {
        return refusedPerMinute;
    }

    public void setRefusedPerMinute(int refusedPerMinute) {
        this.refusedPerMinute = refusedPerMinute;
    }

    /** When the daily purge runs (Spring cron, UTC). */
    @NotBlank
    private String purgeCron = "0 15 4 * * *";

    public Duration getRetention() {
        return retention;
    }

    public void setRetention(Duration retention) {
        this.retention = retention;
    }

    public String getPurgeCron() {
        return purgeCron;
    }

    public void setPurgeCron(String purgeCron) {
        this.purgeCron = purgeCron;
    }
}
