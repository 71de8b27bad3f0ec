package dev.payhook.store;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.function.Consumer;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The outbox rows of the current transaction, written together just before it commits: a batch
 * of deliveries adds two rows a payment in one statement instead of one statement a row. Rows
 * added in a savepoint that is then rolled back (a failed event of a batch) are dropped with it.
 */
final class OutboxRows implements TransactionSynchronization {

    record Row(String destination, String kind, String dedupeKey, String payload, String traceparent) {}

    private final Object key;
    private final Consumer<List<Row>> writer;
    private final List<Row> rows = new ArrayList<>();
    /** How many rows there were when each savepoint set after this buffer's registration was set. */
    private final IdentityHashMap<Object, Integer> savepoints = new IdentityHashMap<>();

    private OutboxRows(Object key, Consumer<List<Row>> writer) {
        this.key = key;
        this.writer = writer;
    }

    /** Adds {@code row} to the current transaction's rows; false when no transaction is active (write it now). */
    static boolean add(Object key, Consumer<List<Row>> writer, Row row) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            return false;
        }
        OutboxRows buffer = (OutboxRows) TransactionSynchronizationManager.getResource(key);
        if (buffer == null) {
            buffer = new OutboxRows(key, writer);
            TransactionSynchronizationManager.bindResource(key, buffer);
            TransactionSynchronizationManager.registerSynchronization(buffer);
        }
        buffer.rows.add(row);
        return true;
    }

    @Override
    public void savepoint(Object savepoint) {
        savepoints.put(savepoint, rows.size());
    }

    /** A savepoint set before this buffer existed holds every row of it. */
    @Override
    public void savepointRollback(Object savepoint) {
        rows.subList(savepoints.getOrDefault(savepoint, 0), rows.size()).clear();
    }

    @Override
    public void beforeCommit(boolean readOnly) {
        if (!rows.isEmpty()) {
            writer.accept(List.copyOf(rows));
            rows.clear();
        }
    }

    /** An inner transaction of its own (REQUIRES_NEW) gets a buffer of its own. */
    @Override
    public void suspend() {
        TransactionSynchronizationManager.unbindResource(key);
    }

    @Override
    public void resume() {
        TransactionSynchronizationManager.bindResource(key, this);
    }

    @Override
    public void afterCompletion(int status) {
        TransactionSynchronizationManager.unbindResourceIfPossible(key);
    }
}
