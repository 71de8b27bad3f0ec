package dev.payhook.provider.types;

import dev.payhook.provider.NormalizedEvent;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A provider's type table bound to its readers: checked once, so an entry naming a reader the
 * provider lacks, or an action its reader cannot carry out, stops the start where it is written.
 *
 * @param <E> the provider's notification as its format parsed it
 */
public final class Meanings<E> {

    private final String provider;
    /** Replaced whole, after a check of every provider's table, when the tables are read again. */
    private volatile TypeTable table;

    private final Map<String, Reader<E>> readers;

    public Meanings(String provider, TypeTable table, Map<String, Reader<E>> readers) {
        this.provider = provider;
        this.table = table;
        this.readers = Map.copyOf(readers);
        for (TypeTable.Entry e : table.entries()) {
            if (e.action() == Action.IGNORE) {
                continue;
            }
            Reader<E> reader = readers.get(e.reader());
            if (reader == null) {
                throw TypeTable.wrong(
                        table.source(),
                        e.line(),
                        "'" + e.type() + "': " + provider + " has no reader '" + e.reader() + "' (its readers: "
                                + String.join(", ", new TreeSet<>(readers.keySet())) + ")");
            }
            if (!reader.actions().contains(e.action())) {
                throw TypeTable.wrong(
                        table.source(),
                        e.line(),
                        "'" + e.type() + "': reader '" + e.reader() + "' cannot carry out "
                                + e.action().wireName() + " (it carries out: " + names(reader) + ")");
            }
        }
    }

    /**
     * The events of a notification of {@code providerType}: as its entry's reader reads them, or
     * {@code unhandled} (an event without effect) when the table ignores the type or does not list it.
     */
    public List<NormalizedEvent> events(String providerType, E notification, Supplier<NormalizedEvent> unhandled) {
        return table.find(providerType)
                .filter(e -> e.action() != Action.IGNORE)
                .map(e -> readers.get(e.reader()).events().apply(notification, e.action()))
                .orElseGet(() -> List.of(unhandled.get()));
    }

    /** The same readers bound to {@code fresh}, checked; this one is unchanged until {@link #use}. */
    Meanings<E> checked(TypeTable fresh) {
        return new Meanings<>(provider, fresh, readers);
    }

    /** From now on, {@code checked}'s table. */
    void use(Meanings<E> checked) {
        this.table = checked.table;
    }

    public String provider() {
        return provider;
    }

    public TypeTable table() {
        return table;
    }

    private static String names(Reader<?> reader) {
        return reader.actions().stream().map(Action::wireName).sorted().collect(Collectors.joining(", "));
    }
}
