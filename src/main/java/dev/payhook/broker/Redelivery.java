package dev.payhook.broker;

import java.time.Duration;

/**
 * The backoff before payhook.inbound delivers a failed message again: the embedded broker's
 * address settings and the copies processing puts back on the queue follow it, and
 * broker/broker.xml states the same for a standalone broker.
 */
public final class Redelivery {

    public static final Duration FIRST_DELAY = Duration.ofMillis(500);
    public static final double MULTIPLIER = 2.0;
    public static final Duration MAX_DELAY = Duration.ofSeconds(30);

    private Redelivery() {}

    /** The wait before attempt {@code failed + 1}, after {@code failed} attempts failed. */
    public static Duration after(int failed) {
        double ms = FIRST_DELAY.toMillis() * Math.pow(MULTIPLIER, Math.max(0, failed - 1));
        return ms >= MAX_DELAY.toMillis() ? MAX_DELAY : Duration.ofMillis((long) ms);
    }
}
