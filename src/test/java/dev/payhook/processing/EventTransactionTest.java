package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The event-id lock and the event's effects are one transaction: a crash between two commits could
 * otherwise leave the effects without their lock (applied again on redelivery) or the lock without its
 * effects (never applied). PostgreSQL stamps every row version with the transaction that wrote it
 * (xmin): the lock, the payment's event and the receipt's outcome, none of them written again later.
 */
class EventTransactionTest extends GatewayTest {

    @Test
    void theLockAndTheEffectsOfAnEventCommitTogether() {
        TestProvider stripe = TestProvider.STRIPE;
        String order = unique("ord");
        String event = unique("evt");
        gateway.putOrder(order, 1250, "EUR");
        gateway.deliver(stripe, event, stripe.payment(event, unique("pi"), order, 1250, "EUR", Instant.now()));
        awaitOrder(order, "paid");

        List<String> inserters = jdbc.queryForList("""
                SELECT xmin::text FROM processed_events WHERE event_id = ?
                UNION ALL SELECT xmin::text FROM payment_events WHERE event_id = ?
                UNION ALL SELECT xmin::text FROM receipt_events WHERE event_id = ?""", String.class, event, event, event);

        assertThat(inserters).hasSize(3);
        assertThat(inserters).as("one inserting transaction").containsOnly(inserters.get(0));
    }
}
