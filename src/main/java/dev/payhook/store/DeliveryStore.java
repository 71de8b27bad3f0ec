package dev.payhook.store;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * What each subscriber of payhook.events did with each message, word by word: each failed attempt,
 * parked, replayed, delivered. Where a message stands is its last word; the words before are its
 * history. It is a record for people, written after the fact: failing to write it never repeats or
 * holds back a delivery.
 */
@Component
public class DeliveryStore {

    private static final Logger log = LoggerFactory.getLogger(DeliveryStore.class);

    /** Where a message stands with one subscriber. */
    public enum State {
        DELIVERED,
        /** An attempt failed and another is due. */
        RETRYING,
        /** The retry schedule ran out: the message waits on payhook.deliveries.failed for a replay. */
        PARKED,
        /** Someone sent it from payhook.deliveries.failed back to its subscriber's queue. */
        REPLAYED;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One subscriber's word on one message; {@code lastResult} is the failed attempt's status, if any,
     * {@code actor} who replayed it.
     */
    public record Delivery(String subscriber, State state, int attempts, String lastResult, String actor, Instant at) {

        public Delivery(String subscriber, State state, int attempts, String lastResult, Instant at) {
            this(subscriber, state, attempts, lastResult, null, at);
        }
    }

    private final JdbcTemplate jdbc;

    public DeliveryStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void record(String messageKey, Delivery d) {
        if (messageKey == null) {
            return;
        }
        try {
            jdbc.update(
                    """
                    INSERT INTO delivery_history (message_key, subscriber, state, attempts, last_result, actor, at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)""",
                    messageKey,
                    d.subscriber(),
                    d.state().wireName(),
                    d.attempts(),
                    d.lastResult(),
                    d.actor(),
                    Timestamp.from(d.at()));
        } catch (DataAccessException e) {
            log.warn(
                    "Could not record that {} is {} for {}: {}",
                    messageKey,
                    d.state().wireName(),
                    d.subscriber(),
                    e.getMostSpecificCause().getMessage());
        }
    }

    /** The words on each of these messages, by key, oldest first; a message no subscriber has word of is absent. */
    public Map<String, List<Delivery>> of(Collection<String> messageKeys) {
        Map<String, List<Delivery>> found = new HashMap<>();
        if (messageKeys.isEmpty()) {
            return found;
        }
        jdbc.query(
                "SELECT * FROM delivery_history WHERE message_key = ANY (?) ORDER BY at, id",
                rs -> {
                    found.computeIfAbsent(rs.getString("message_key"), k -> new java.util.ArrayList<>())
                            .add(new Delivery(
                                    rs.getString("subscriber"),
                                    State.valueOf(rs.getString("state").toUpperCase(Locale.ROOT)),
                                    rs.getInt("attempts"),
                                    rs.getString("last_result"),
                                    rs.getString("actor"),
                                    rs.getTimestamp("at").toInstant()));
                },
                (Object) messageKeys.toArray(String[]::new));
        return found;
    }
}
