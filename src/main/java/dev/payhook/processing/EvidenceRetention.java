package dev.payhook.processing;

import dev.payhook.config.EvidenceProperties;
import dev.payhook.store.ReceiptStore;
import dev.payhook.store.RefusedRequestStore;
import java.time.Clock;
import java.time.Instant;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Drops raw bodies past {@code payhook.evidence.retention}, daily: personal data is not kept longer
 * than a dispute can need it, while each receipt keeps its row, outcome and the body's SHA-256 (a
 * copy produced later can still be matched). Refused requests go whole after their shorter retention. Evidence of an open dead letter or review stays whole.
 * Batches skip rows another instance is purging, so instances may overlap.
 */
@Component
public class EvidenceRetention {

    private static final Logger log = LoggerFactory.getLogger(EvidenceRetention.class);
    private static final int BATCH = 1000;

    private final ReceiptStore receipts;
    private final RefusedRequestStore refused;
    private final EvidenceProperties settings;
    private final Clock clock;

    public EvidenceRetention(
            ReceiptStore receipts, RefusedRequestStore refused, EvidenceProperties settings, Clock clock) {
        this.receipts = receipts;
        this.refused = refused;
        this.settings = settings;
        this.clock = clock;
    }

    @Scheduled(cron = "${payhook.evidence.purge-cron:0 15 4 * * *}", zone = "UTC")
    @SchedulerLock(
            name = "evidence-purge",
            lockAtMostFor = "2h",
            lockAtLeastFor = "${payhook.scheduling.clock-skew:1m}")
    public void scheduled() {
        try {
            purge();
        } catch (RuntimeException e) {
            log.warn("Evidence retention did not finish, the next run goes on: {}", e.toString());
        }
    }

    /** How many receipt bodies were dropped. */
    public int purge() {
        Instant refusedCutoff = clock.instant().minus(settings.getRefusedRetention());
        int deleted = 0;
        int batch;
        do {
            batch = refused.dropBefore(refusedCutoff, BATCH);
            deleted += batch;
        } while (batch == BATCH);
        if (deleted > 0) {
            log.info("Evidence retention: deleted {} refused requests received before {}", deleted, refusedCutoff);
        }
        Instant cutoff = clock.instant().minus(settings.getRetention());
        int dropped = 0;
        do {
            batch = receipts.dropBodies(cutoff, BATCH);
            dropped += batch;
        } while (batch == BATCH);
        if (dropped > 0) {
            log.info(
                    "Evidence retention: dropped the raw bodies of {} receipts received before {} "
                            + "(their rows, outcomes and SHA-256 stay)",
                    dropped,
                    cutoff);
        }
        return dropped;
    }
}
