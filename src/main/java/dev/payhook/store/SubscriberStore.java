package dev.payhook.store;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * When each subscriber of payhook.events first had its queue: a message published before then was
 * never on it, and the Flow page says so rather than guess from the broker.
 */
@Component
public class SubscriberStore {

    private final JdbcTemplate jdbc;

    public SubscriberStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** {@code name}'s queue is declared at {@code at}; the first time counts. */
    public void declared(String name, Instant at) {
        jdbc.update(
                "INSERT INTO event_subscribers (name, since) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                name,
                Timestamp.from(at));
    }

    /** Since when each subscriber has had its queue, by name. */
    public Map<String, Instant> since() {
        Map<String, Instant> since = new HashMap<>();
        jdbc.query("SELECT name, since FROM event_subscribers", rs -> {
            since.put(rs.getString(1), rs.getTimestamp(2).toInstant());
        });
        return since;
    }
}
