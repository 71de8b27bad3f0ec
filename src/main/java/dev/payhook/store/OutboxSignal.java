package dev.payhook.store;

import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * Tells this instance's outbox workers that a transaction with outbox rows committed, so that they
 * publish at once instead of at their next poll. The poll stays: rows of other instances, and rows
 * due again after a backoff, are found by it.
 */
@Component
public class OutboxSignal {

    private long commits;

    /** Rows were committed. */
    public synchronized void committed() {
        commits++;
        notifyAll();
    }

    /** Waits until rows were committed since {@code seen}, at most {@code timeout}; the count now. */
    public synchronized long await(long seen, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (commits == seen) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return commits;
    }

    /** The count now, to wait from. */
    public synchronized long commits() {
        return commits;
    }
}
