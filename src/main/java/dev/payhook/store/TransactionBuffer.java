package dev.payhook.store;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.function.Function;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * What the current transaction collects for its end, kept beside it under a key: items added in a
 * savepoint that is then rolled back (a failed message of a batch) are dropped with it, the others
 * stay in the order they were added. An inner transaction of its own (REQUIRES_NEW) gets a buffer
 * of its own.
 */
abstract class TransactionBuffer<T> implements TransactionSynchronization {

    private final Object key;
    private final List<T> items = new ArrayList<>();
    /** How many items there were when each savepoint set after this buffer's registration was set. */
    private final IdentityHashMap<Object, Integer> savepoints = new IdentityHashMap<>();

    TransactionBuffer(Object key) {
        this.key = key;
    }

    /**
     * Adds {@code item} to the current transaction's buffer under {@code key}, made by {@code create}
     * for the first one; false when no transaction is active (the caller does the work now).
     */
    @SuppressWarnings("unchecked")
    static <T> boolean add(Object key, Function<Object, TransactionBuffer<T>> create, T item) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            return false;
        }
        TransactionBuffer<T> buffer = (TransactionBuffer<T>) TransactionSynchronizationManager.getResource(key);
        if (buffer == null) {
            buffer = create.apply(key);
            TransactionSynchronizationManager.bindResource(key, buffer);
            TransactionSynchronizationManager.registerSynchronization(buffer);
        }
        buffer.items.add(item);
        return true;
    }

    /** The items kept so far, in the order they were added. */
    List<T> items() {
        return items;
    }

    @Override
    public void savepoint(Object savepoint) {
        savepoints.put(savepoint, items.size());
    }

    /** A savepoint set before this buffer existed holds every item of it. */
    @Override
    public void savepointRollback(Object savepoint) {
        items.subList(savepoints.getOrDefault(savepoint, 0), items.size()).clear();
    }

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
