package dev.payhook.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/** A batch's transaction on the gateway's PostgreSQL, with events in savepoints, as processing runs them. */
class AfterCommitTest extends GatewayTest {

    @Autowired
    PlatformTransactionManager transactions;

    private final List<String> ran = new ArrayList<>();

    private void inSavepoint(TransactionTemplate savepoint, String name, boolean fails) {
        try {
            savepoint.executeWithoutResult(s -> {
                AfterCommit.run(() -> ran.add(name));
                if (fails) {
                    throw new IllegalStateException("the event fails");
                }
            });
        } catch (IllegalStateException expected) {
            // rolled back to its savepoint; the batch goes on
        }
    }

    @Test
    void whatARolledBackSavepointRegisteredNeverRunsAndTheRestRunsAfterTheCommit() {
        TransactionTemplate batch = new TransactionTemplate(transactions);
        TransactionTemplate savepoint = new TransactionTemplate(transactions);
        savepoint.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);

        batch.executeWithoutResult(s -> {
            AfterCommit.run(() -> ran.add("before the savepoints"));
            inSavepoint(savepoint, "applied", false);
            inSavepoint(savepoint, "rolled back", true);
            // a message's savepoint rolled back, with an event's savepoint released inside it
            try {
                savepoint.executeWithoutResult(message -> {
                    inSavepoint(savepoint, "inside a message that fails", false);
                    throw new IllegalStateException("the message fails");
                });
            } catch (IllegalStateException expected) {
                // rolled back to the message's savepoint
            }
            inSavepoint(savepoint, "after", false);
            assertThat(ran).as("nothing before the commit").isEmpty();
        });

        assertThat(ran).containsExactly("before the savepoints", "applied", "after");
    }
}
