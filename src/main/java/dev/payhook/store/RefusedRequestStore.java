package dev.payhook.store;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * What came in unverified and was not acted on (V13), kept apart from the receipts: anyone can
 * send it, so at most a number per provider within the last minute is kept (across instances: the
 * table itself is counted), and none of it for long.
 */
@Component
public class RefusedRequestStore {

    private final JdbcTemplate jdbc;

    public RefusedRequestStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Kept unless {@code perMinute} of the provider's were kept within the minute before {@code at}; whether it was. */
    public boolean keep(String provider, Instant at, String sourceIp, String reason, byte[] body, int perMinute) {
        return jdbc.update(
                        """
                        INSERT INTO refused_requests (id, provider, received_at, source_ip, reason, body)
                        SELECT ?, ?, ?, ?, ?, ?
                        WHERE (SELECT count(*) FROM (SELECT 1 FROM refused_requests
                                                     WHERE provider = ? AND received_at > ? LIMIT ?) recent) < ?""",
                        UUID.randomUUID(),
                        provider,
                        Timestamp.from(at),
                        Storable.text(sourceIp, 100),
                        Storable.text(reason, 200),
                        body,
                        provider,
                        Timestamp.from(at.minusSeconds(60)),
                        perMinute,
                        perMinute)
                == 1;
    }

    /** Drops up to {@code batch} rows received before {@code cutoff}; how many. */
    public int dropBefore(Instant cutoff, int batch) {
        return jdbc.update("""
                DELETE FROM refused_requests WHERE id IN (
                    SELECT id FROM refused_requests WHERE received_at < ? ORDER BY received_at LIMIT ?
                    FOR UPDATE SKIP LOCKED)""", Timestamp.from(cutoff), batch);
    }
}
