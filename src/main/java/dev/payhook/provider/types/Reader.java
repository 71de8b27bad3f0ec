package dev.payhook.provider.types;

import dev.payhook.provider.NormalizedEvent;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * How a provider reads the object one kind of its events carries: Java keeps how to read it, a
 * type table says which types it reads and what they mean. A reader may find that the object does
 * not bear the meaning out (a checkout session not yet paid) and read it as an event without effect;
 * an object whose own status contradicts the table's action (a failed payment read as paid) is not
 * read at all ({@link Agreement}).
 *
 * @param <E> the provider's notification as its format parsed it
 * @param actions what the reader can carry out; a table asking for another stops the start
 * @param agreement the statuses the object must have for each action; empty: no rule
 */
public record Reader<E>(
        Set<Action> actions, BiFunction<E, Action, List<NormalizedEvent>> events, Optional<Agreement<E>> agreement) {

    public Reader {
        actions = Set.copyOf(actions);
    }

    public Reader(Set<Action> actions, BiFunction<E, Action, List<NormalizedEvent>> events) {
        this(actions, events, Optional.empty());
    }

    /** A reader of one event per notification. */
    public static <E> Reader<E> one(Set<Action> actions, BiFunction<E, Action, NormalizedEvent> event) {
        return new Reader<>(actions, (e, action) -> List.of(event.apply(e, action)));
    }

    /** This reader, carrying out an action only when the object's {@code status} agrees with it by {@code rules}. */
    public Reader<E> agreeing(Function<E, String> status, Map<Action, Predicate<String>> rules) {
        return new Reader<>(actions, events, Optional.of(new Agreement<>(status, rules)));
    }

    /** The object's status when it contradicts {@code action}. */
    Optional<String> contradiction(E notification, Action action) {
        return agreement.flatMap(a -> a.contradiction(notification, action));
    }
}
