package dev.payhook.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An outbox worker waiting for its next poll publishes as soon as rows are committed, not a poll later. */
class OutboxSignalTest {

    private final OutboxSignal signal = new OutboxSignal();

    @Test
    void aCommitWakesAWorkerLongBeforeItsPoll() throws Exception {
        long seen = signal.commits();
        CompletableFuture<Long> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return signal.await(seen, Duration.ofHours(1));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        signal.committed();
        assertThat(waiting.get(30, TimeUnit.SECONDS)).isEqualTo(seen + 1);
    }

    @Test
    void aCommitBeforeTheWaitIsNotMissed() throws Exception {
        long seen = signal.commits();
        signal.committed();
        assertThat(signal.await(seen, Duration.ofHours(1))).isEqualTo(seen + 1);
    }

    @Test
    void withoutACommitTheWaitEndsAtThePoll() throws Exception {
        long seen = signal.commits();
        assertThat(signal.await(seen, Duration.ofMillis(20))).isEqualTo(seen);
    }
}
