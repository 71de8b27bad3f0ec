package dev.payhook.provider.types;

import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.TableContradictsObject;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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

    /** Actions that give something: money kept, a dispute won, an entitlement on. */
    private static final Set<Action> GRANTING = EnumSet.of(
            Action.PAYMENT_SUCCEEDED,
            Action.REFUND_SUCCEEDED,
            Action.DISPUTE_WON,
            Action.SUBSCRIPTION_ACTIVATED,
            Action.SUBSCRIPTION_RESUMED);

    /** Words of a provider type's name that say nothing was given. */
    private static final Set<String> DENYING =
            Set.of("failed", "failure", "fail", "canceled", "cancelled", "denied", "declined", "expired", "lost");

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
            sayable(table, e);
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
        TypeTable now = table;
        return now.find(providerType)
                .filter(e -> e.action() != Action.IGNORE)
                .map(e -> {
                    Reader<E> reader = readers.get(e.reader());
                    reader.contradiction(notification, e.action()).ifPresent(status -> {
                        throw new TableContradictsObject(now.source() + ":" + e.line() + ": " + provider + " "
                                + providerType + " is read as " + e.action().wireName() + ", but its "
                                + e.reader() + "'s status is " + status + ": not applied; correct the entry, then"
                                + " replay");
                    });
                    return reader.events().apply(notification, e.action());
                })
                .orElseGet(() -> List.of(unhandled.get()));
    }

    /**
     * An entry that names a provider type whose name says the opposite of its action (a failed
     * payment as paid): no object of that type could agree, so the table is refused where it says so.
     */
    private static void sayable(TypeTable table, TypeTable.Entry e) {
        if (e.glob() != null || !GRANTING.contains(e.action())) {
            return;
        }
        for (String word : e.type().toLowerCase(Locale.ROOT).split("[^a-z]+", -1)) {
            if (DENYING.contains(word)) {
                throw TypeTable.wrong(
                        table.source(),
                        e.line(),
                        "'" + e.type() + "' says " + word + ": it cannot be "
                                + e.action().wireName()
                                + ", whatever its object (pick an action that agrees, or by-status)");
            }
        }
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
