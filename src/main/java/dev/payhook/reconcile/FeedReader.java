package dev.payhook.reconcile;

import dev.payhook.config.ReconcileProperties;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.payment.ReviewKind;
import dev.payhook.processing.FactIntake.Taken;
import dev.payhook.processing.Reviews;
import dev.payhook.provider.EventFeed;
import dev.payhook.provider.Fact;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Reads a provider's event feed into processing, each event under its own provider event id, so
 * one already delivered as a webhook is a duplicate. The cursor moves only after every event read
 * was processed: a run that fails reads them again next time.
 */
@Component
class FeedReader {

    private final RunStore runs;
    private final Reviews reviews;
    private final ReconcileProperties properties;
    private final Clock clock;

    FeedReader(RunStore runs, Reviews reviews, ReconcileProperties properties, Clock clock) {
        this.runs = runs;
        this.reviews = reviews;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * From {@code since} when given, else from the stored cursor, else over the lookback. A
     * {@code compare} run (the daily one) also opens a review for each event processing could not apply.
     */
    void read(Run run, String provider, EventFeed feed, Instant since, boolean compare) {
        run.markFeedRead(provider);
        Optional<String> cursor = runs.cursor(provider);
        EventFeed.Page page = since != null
                ? feed.read(null, since)
                : feed.read(
                        cursor.orElse(null),
                        cursor.isPresent() ? null : clock.instant().minus(properties.getLookback()));
        for (Fact event : page.events()) {
            Taken taken = run.take(provider, event);
            if (compare
                    && (taken.outcome() == ReceiptOutcome.DEAD_LETTERED
                            || taken.outcome().rejected())) {
                reviews.open(
                        ReviewKind.PROVIDER_DIFFERENCE,
                        provider + ":" + (taken.eventId() == null ? taken.receiptId() : taken.eventId()),
                        taken.orderId(),
                        null,
                        provider + " " + Run.describe(taken));
            }
        }
        // an explicit since after the stored cursor skipped what lies between: the cursor stays
        boolean coversCursor = since == null || cursor.isEmpty() || compare;
        if (page.cursor() != null && coversCursor) {
            runs.saveCursor(provider, page.cursor());
        }
    }
}
