package dev.payhook.store;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Runs what only counts once the current transaction committed (a metric): at once outside a
 * transaction. Registered inside a savepoint that is then rolled back (an event of a batch), it
 * never runs: the batch commits, but what was done in that savepoint did not happen.
 */
public final class AfterCommit {

    private AfterCommit() {}

    public static void run(Runnable action) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            action.run();
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            /** Savepoints set after this registration: rolling back to one of them keeps it. */
            private final Set<Object> later = Collections.newSetFromMap(new IdentityHashMap<>());

            private boolean undone;

            @Override
            public void savepoint(Object savepoint) {
                later.add(savepoint);
            }

            @Override
            public void savepointRollback(Object savepoint) {
                undone |= !later.contains(savepoint);
            }

            @Override
            public void afterCommit() {
                if (!undone) {
                    action.run();
                }
            }
        });
    }
}
