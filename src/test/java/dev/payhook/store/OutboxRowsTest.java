package dev.payhook.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.payhook.broker.Destination;
import dev.payhook.support.GatewayTest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/** Outbox rows of a batch's transaction on the gateway's PostgreSQL, with events in savepoints, as processing adds them. */
class OutboxRowsTest extends GatewayTest {

    @Autowired
    PlatformTransactionManager transactions;

    @Autowired
    OutboxStore outbox;

    private final String prefix = "outbox-rows-" + UUID.randomUUID() + ":";

    private void add(String key) {
        outbox.add(Destination.NOTIFICATIONS, "test", prefix + key, "{\"key\":\"" + key + "\"}");
    }

    private List<String> written() {
        return jdbc.queryForList(
                "SELECT substr(dedupe_key, ?) FROM outbox WHERE dedupe_key LIKE ? ORDER BY id",
                String.class,
                prefix.length() + 1,
                prefix + "%");
    }

    private TransactionTemplate propagation(int behaviour) {
        TransactionTemplate t = new TransactionTemplate(transactions);
        t.setPropagationBehavior(behaviour);
        return t;
    }

    private static void failing(TransactionTemplate t, Runnable work) {
        assertThatThrownBy(() -> t.executeWithoutResult(s -> {
                    work.run();
                    throw new IllegalStateException("fails");
                }))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aBatchWritesItsRowsAtCommitInOrderWithoutThoseOfRolledBackSavepoints() {
        TransactionTemplate savepoint = propagation(TransactionDefinition.PROPAGATION_NESTED);
        propagation(TransactionDefinition.PROPAGATION_REQUIRED).executeWithoutResult(batch -> {
            add("first");
            savepoint.executeWithoutResult(s -> add("applied"));
            failing(savepoint, () -> add("rolled back"));
            // a message's savepoint rolled back, with an event's savepoint released inside it
            failing(savepoint, () -> savepoint.executeWithoutResult(s -> add("inside a message that fails")));
            savepoint.executeWithoutResult(s -> {
                add("last");
                add("first"); // the same dedupe key again: adds nothing
            });
            assertThat(written()).as("nothing before the commit").isEmpty();
        });

        assertThat(written()).containsExactly("first", "applied", "last");
    }

    @Test
    void aTransactionThatRollsBackWritesNothingAndOneOfItsOwnInsideItCommitsAlone() {
        failing(propagation(TransactionDefinition.PROPAGATION_REQUIRED), () -> {
            add("outer");
            propagation(TransactionDefinition.PROPAGATION_REQUIRES_NEW).executeWithoutResult(s -> add("own"));
            add("outer again");
        });

        assertThat(written()).containsExactly("own");
    }

    @Test
    void outsideATransactionARowIsWrittenAtOnce() {
        add("alone");

        assertThat(written()).containsExactly("alone");
    }
}
