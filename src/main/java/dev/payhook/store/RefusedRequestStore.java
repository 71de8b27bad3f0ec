package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.provider.RefusedRequest;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * What came in at a provider's endpoint and was refused (V13, V18), kept apart from the receipts:
 * anyone can send it, so at most a number per provider in each minute is kept (counted in the
 * database, across instances), at most a number per provider in all (the oldest make room), and
 * none of it for long.
 */
@Component
public class RefusedRequestStore {

    /** The bytes of a refused body kept; its length and digest cover all of it. */
    public static final int MAX_BODY = 64 * 1024;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JdbcTemplate jdbc;

    public RefusedRequestStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Kept unless {@code perMinute} of the provider's were kept in this minute already; whether it
     * was. Past {@code maxRows} of the provider's, its oldest are dropped.
     */
    public boolean keep(RefusedRequest r, int perMinute, int maxRows) {
        if (perMinute < 1 || budgetUsed(r) > perMinute) {
            return false;
        }
        byte[] body = r.body();
        Map<String, String> headers = new TreeMap<>();
        r.headers().forEach((name, value) -> headers.put(Storable.text(name, 200), Storable.text(value, 8192)));
        jdbc.update(
                """
                INSERT INTO refused_requests (id, provider, received_at, source_ip, reason, headers, body,
                                              body_length, body_sha256)
                VALUES (?, ?, ?, ?, ?, CAST(? AS jsonb), ?, ?, ?)""",
                UUID.randomUUID(),
                r.provider(),
                Timestamp.from(r.at()),
                Storable.text(r.sourceIp(), 100),
                Storable.text(r.reason(), 200),
                JSON.writeValueAsString(headers),
                body.length > MAX_BODY ? Arrays.copyOf(body, MAX_BODY) : body,
                body.length,
                sha256(body));
        jdbc.update("""
                DELETE FROM refused_requests WHERE id IN (
                    SELECT id FROM refused_requests WHERE provider = ?
                    ORDER BY received_at DESC OFFSET ? FOR UPDATE SKIP LOCKED)""", r.provider(), maxRows);
        return true;
    }

    /**
     * Counts {@code r} in its provider's window, a minute from the first refusal counted in it (an
     * instance whose clock lags counts in the window begun), and says how many that makes: one
     * atomic statement on one row.
     */
    private int budgetUsed(RefusedRequest r) {
        Integer used = jdbc.queryForObject("""
                INSERT INTO refused_budget AS b (provider, window_start, used) VALUES (?, ?, 1)
                ON CONFLICT (provider) DO UPDATE SET
                    used = CASE WHEN EXCLUDED.window_start >= b.window_start + interval '1 minute'
                                THEN 1 ELSE b.used + 1 END,
                    window_start = CASE WHEN EXCLUDED.window_start >= b.window_start + interval '1 minute'
                                        THEN EXCLUDED.window_start ELSE b.window_start END
                RETURNING used""", Integer.class, r.provider(), Timestamp.from(r.at()));
        return used == null ? Integer.MAX_VALUE : used;
    }

    /** Newest first; each filter optional. The body is {@link #find}'s. */
    public List<RefusedView> list(String provider, String reason, Instant since, int limit) {
        Timestamp from = since == null ? null : Timestamp.from(since);
        return jdbc.query("""
                SELECT id, provider, received_at, source_ip, reason, body_length,
                       encode(body_sha256, 'hex') AS body_sha256
                FROM refused_requests
                WHERE (CAST(? AS text) IS NULL OR provider = ?)
                  AND (CAST(? AS text) IS NULL OR reason = ?)
                  AND (CAST(? AS timestamptz) IS NULL OR received_at >= ?)
                ORDER BY received_at DESC, id LIMIT ?""", (rs, i) -> row(rs), provider, provider, reason, reason, from, from, limit);
    }

    /**
     * A refused request as {@code GET /ops/refused} lists it: what came, from where, why refused,
     * and the body's size and digest (not the body).
     */
    public record RefusedView(
            UUID id,
            String provider,
            @JsonProperty("received_at") Instant receivedAt,
            @JsonProperty("source_ip") String sourceIp,
            String reason,
            @JsonProperty("body_length") Integer bodyLength,
            @JsonProperty("body_sha256") String bodySha256) {}

    /** One refused request with its kept headers (JSON text) and the body bytes kept. */
    public record Kept(RefusedView row, String headers, byte[] body) {}

    private static RefusedView row(ResultSet rs) throws SQLException {
        return new RefusedView(
                rs.getObject("id", UUID.class),
                rs.getString("provider"),
                Times.instant(rs, "received_at"),
                rs.getString("source_ip"),
                rs.getString("reason"),
                rs.getObject("body_length", Integer.class),
                rs.getString("body_sha256"));
    }

    /** One refused request with its headers (JSON text) and the body bytes kept. */
    public Optional<Kept> find(UUID id) {
        return jdbc.query("""
                        SELECT id, provider, received_at, source_ip, reason, headers::text AS headers, body,
                               body_length, encode(body_sha256, 'hex') AS body_sha256
                        FROM refused_requests WHERE id = ?""", (rs, i) -> new Kept(row(rs), rs.getString("headers"), rs.getBytes("body")), id).stream()
                .findFirst();
    }

    /** Drops up to {@code batch} rows received before {@code cutoff}; how many. */
    public int dropBefore(Instant cutoff, int batch) {
        return jdbc.update("""
                DELETE FROM refused_requests WHERE id IN (
                    SELECT id FROM refused_requests WHERE received_at < ? ORDER BY received_at LIMIT ?
                    FOR UPDATE SKIP LOCKED)""", Timestamp.from(cutoff), batch);
    }

    private static byte[] sha256(byte[] body) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
