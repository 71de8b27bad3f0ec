package dev.payhook.store;

import org.apache.camel.spi.IdempotentRepository;
import org.apache.camel.support.service.ServiceSupport;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The first lock, on (provider, event id), for Camel's idempotent consumer. {@link #add} is one
 * {@code INSERT ... ON CONFLICT DO NOTHING} judged by its row count, inside the event's transaction:
 * two concurrent duplicates cannot both pass (PostgreSQL makes the second wait for the first to
 * commit or roll back), and a duplicate never aborts the transaction with a key violation.
 * Keys are {@code provider:eventId}.
 */
@Component("eventIdRepository")
public class AtomicIdempotentRepository extends ServiceSupport implements IdempotentRepository {

    private final JdbcTemplate jdbc;

    public AtomicIdempotentRepository(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public boolean add(String key) {
        String[] k = split(key);
        return jdbc.update(
                        "INSERT INTO processed_events (provider, event_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                        k[0],
                        k[1])
                == 1;
    }

    @Override
    public boolean contains(String key) {
        String[] k = split(key);
        Integer n = jdbc.queryForObject(
                "SELECT count(*) FROM processed_events WHERE provider = ? AND event_id = ?", Integer.class, k[0], k[1]);
        return n != null && n > 0;
    }

    /**
     * A failed event's key disappears with the rollback of its transaction. Deleting here, outside
     * that transaction, could erase a key another consumer has committed since.
     */
    @Override
    public boolean remove(String key) {
        return false;
    }

    @Override
    public boolean confirm(String key) {
        return true;
    }

    @Override
    public void clear() {
        throw new UnsupportedOperationException("the event-id lock is evidence and is never cleared");
    }

    private static String[] split(String key) {
        int colon = key.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("idempotency key must be provider:eventId");
        }
        return new String[] {key.substring(0, colon), key.substring(colon + 1)};
    }
}
