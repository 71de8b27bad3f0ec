package dev.payhook.delivery;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/** A consumer's delays between attempts, ±10 % so that the retries of one outage spread out. */
final class RetrySchedule {

    private RetrySchedule() {}

    /** The delay before the next attempt after {@code attempts} failed ones; empty once the schedule is used up. */
    static Optional<Duration> after(List<Duration> schedule, int attempts) {
        if (attempts < 1 || attempts > schedule.size()) {
            return Optional.empty();
        }
        long millis = schedule.get(attempts - 1).toMillis();
        long jitter = millis / 10;
        return Optional.of(Duration.ofMillis(
                millis + (jitter == 0 ? 0 : ThreadLocalRandom.current().nextLong(-jitter, jitter + 1))));
    }
}
