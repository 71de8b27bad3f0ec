package dev.payhook.store;

/**
 * Runs what only counts once the current transaction committed (a metric): at once outside a
 * transaction. Registered inside a savepoint that is then rolled back (a message of a batch), it
 * never runs: the batch commits, but what was done in that savepoint did not happen.
 */
public final class AfterCommit {

    private static final Object KEY = new Object();

    private AfterCommit() {}

    public static void run(Runnable action) {
        if (!TransactionBuffer.add(KEY, Actions::new, action)) {
            action.run();
        }
    }

    /** The current transaction's actions, run in the order they were registered. */
    private static final class Actions extends TransactionBuffer<Runnable> {

        Actions(Object key) {
            super(key);
        }

        @Override
        public void afterCommit() {
            items().forEach(Runnable::run);
        }
    }
}
