package dev.payhook.store;

import java.util.List;
import java.util.function.Consumer;

/**
 * The outbox rows of the current transaction, written together just before it commits: a batch
 * of deliveries adds two rows a payment in one statement instead of one statement a row. Rows
 * added in a savepoint that is then rolled back (a failed message of a batch) are dropped with it.
 */
final class OutboxRows extends TransactionBuffer<OutboxRows.Row> {

    record Row(String destination, String kind, String dedupeKey, String payload, String traceparent) {}

    private final Consumer<List<Row>> writer;
    private final OutboxSignal signal;

    private OutboxRows(Object key, Consumer<List<Row>> writer, OutboxSignal signal) {
        super(key);
        this.writer = writer;
        this.signal = signal;
    }

    /**
     * Adds {@code row} to the current transaction's rows, {@code signal}led once they committed; false
     * when no transaction is active (write it now).
     */
    static boolean add(Object key, Consumer<List<Row>> writer, OutboxSignal signal, Row row) {
        return TransactionBuffer.add(key, k -> new OutboxRows(k, writer, signal), row);
    }

    @Override
    public void beforeCommit(boolean readOnly) {
        if (!items().isEmpty()) {
            writer.accept(List.copyOf(items()));
            items().clear();
        }
    }

    @Override
    public void afterCommit() {
        signal.committed();
    }
}
