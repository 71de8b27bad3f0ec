package dev.payhook.ingress;

import dev.payhook.config.IngressProperties;
import dev.payhook.provider.ObjectRef;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The bounds on notifications of a provider that signs nothing (Mollie; docs/DESIGN.md §4.3):
 * anyone can send them, and each costs an API call. At most {@code
 * payhook.ingress.unsigned-per-source} per source address per minute (this instance's count), and
 * one fetch per object per {@code payhook.ingress.thin-dedupe-window}: a notification within the
 * window of the last one is processed at the window's end (so the newest state is still fetched),
 * and one while another is due is not queued at all. The window is kept in the database, so it
 * holds across instances.
 */
@Component
class UnsignedNotifications {

    /** What becomes of one notification: queued now, queued to be processed at {@code due}, or dropped as coalesced. */
    record Admission(boolean queued, Instant due) {}

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final MeterRegistry meters;
    private final long windowMillis;
    private final int perSource;
    private final Map<String, long[]> minutes = new ConcurrentHashMap<>();

    UnsignedNotifications(JdbcTemplate jdbc, Clock clock, MeterRegistry meters, IngressProperties ingress) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.meters = meters;
        this.windowMillis = ingress.getThinDedupeWindow().toMillis();
        this.perSource = ingress.getUnsignedPerSource();
    }

    /** Whether {@code source} may send another notification of {@code provider} this minute. */
    boolean withinRate(String provider, String source) {
        long minute = clock.millis() / 60_000;
        if (minutes.size() > 100_000) {
            minutes.values().removeIf(m -> m[0] != minute);
        }
        long[] count = minutes.compute(provider + " " + source, (k, m) -> {
            if (m == null || m[0] != minute) {
                return new long[] {minute, 1};
            }
            m[1]++;
            return m;
        });
        return count[1] <= perSource;
    }

    /** One atomic step per notification: the object's window moved on, or the notification coalesced. */
    Admission admit(String provider, ObjectRef object) {
        Admission admission = jdbc.queryForObject(
                """
                INSERT INTO thin_fetches AS f (provider, object_id, due_at, queued) VALUES (?, ?, now(), true)
                ON CONFLICT (provider, object_id) DO UPDATE SET
                    queued = f.due_at <= now(),
                    due_at = CASE WHEN f.due_at > now() THEN f.due_at
                                  WHEN f.due_at + ? * interval '1 millisecond' <= now() THEN now()
                                  ELSE f.due_at + ? * interval '1 millisecond' END
                RETURNING queued, due_at""",
                (rs, i) -> new Admission(rs.getBoolean(1), rs.getTimestamp(2).toInstant()),
                provider,
                object.id(),
                windowMillis,
                windowMillis);
        if (!admission.queued()) {
            meters.counter("payhook.ingress.coalesced", "provider", provider).increment();
        }
        return admission;
    }

    /** A row past its window decides nothing (the next notification starts afresh): forgotten hourly. */
    @Scheduled(fixedDelayString = "PT1H", initialDelayString = "PT10M")
    void forgetPastWindows() {
        jdbc.update(
                "DELETE FROM thin_fetches WHERE due_at < now() - ? * interval '1 millisecond'", windowMillis + 60_000);
    }
}
