package dev.payhook.store;

import dev.payhook.broker.Envelope;
import org.apache.camel.Exchange;
import org.apache.camel.processor.idempotent.jdbc.AbstractJdbcMessageIdRepository;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The first lock, on (provider, event id), as camel-sql's JDBC idempotent repository, so Camel's
 * management sees it as one of its own. Unlike the stock JdbcMessageIdRepository, which checks and
 * then inserts, {@link #add(Exchange, String)} is one {@code INSERT ... ON CONFLICT DO NOTHING}
 * judged by its row count, inside the event's transaction: two concurrent duplicates cannot both
 * pass (PostgreSQL makes the second wait for the first to commit or roll back), and a duplicate
 * never aborts the transaction with a key violation. The route passes the event id as the key and
 * the provider as a header; management operations, which have no exchange, name
 * {@code provider:eventId}.
 */
@Component("eventIdRepository")
public class EventIdRepository extends AbstractJdbcMessageIdRepository {

    private static final String INSERT =
            "INSERT INTO processed_events (provider, event_id) VALUES (?, ?) ON CONFLICT DO NOTHING";
    private static final String COUNT = "SELECT count(*) FROM processed_events WHERE provider = ? AND event_id = ?";

    public EventIdRepository(JdbcTemplate jdbc, TransactionTemplate tx) {
        super(jdbc, tx);
        setProcessorName("payhook");
    }

    @Override
    public boolean add(Exchange exchange, String eventId) {
        return jdbcTemplate.update(INSERT, provider(exchange), eventId) == 1;
    }

    @Override
    public boolean contains(Exchange exchange, String eventId) {
        return count(provider(exchange), eventId) > 0;
    }

    /** Atomic here too: never the base class's check-then-insert. */
    @Override
    public boolean add(String key) {
        return insert(key) == 1;
    }

    @Override
    protected int insert(String key) {
        String[] k = split(key);
        return jdbcTemplate.update(INSERT, k[0], k[1]);
    }

    @Override
    protected int queryForInt(String key) {
        String[] k = split(key);
        return count(k[0], k[1]);
    }

    /**
     * A failed event's lock disappears with the rollback of its transaction. Deleting here, outside
     * that transaction, could erase a lock another consumer has committed since.
     */
    @Override
    protected int delete(String key) {
        return 0;
    }

    @Override
    protected int delete() {
        throw new UnsupportedOperationException("the event-id lock is evidence and is never cleared");
    }

    private int count(String provider, String eventId) {
        Integer n = jdbcTemplate.queryForObject(COUNT, Integer.class, provider, eventId);
        return n == null ? 0 : n;
    }

    private static String provider(Exchange exchange) {
        return exchange.getMessage().getHeader(Envelope.PROVIDER, String.class);
    }

    private static String[] split(String key) {
        int colon = key.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("without an exchange, a key is provider:eventId");
        }
        return new String[] {key.substring(0, colon), key.substring(colon + 1)};
    }
}
