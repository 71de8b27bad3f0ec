package dev.payhook.provider.types;

import dev.payhook.provider.NormalizedEvent;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * How a provider reads the object one kind of its events carries: Java keeps how to read it, a
 * type table says which types it reads and what they mean. A reader may find that the object does
 * not bear the meaning out (a checkout session not yet paid) and read it as an event without effect.
 *
 * @param <E> the provider's notification as its format parsed it
 * @param actions what the reader can carry out; a table asking for another stops the start
 */
public record Reader<E>(Set<Action> actions, BiFunction<E, Action, List<NormalizedEvent>> events) {

    public Reader {
        actions = Set.copyOf(actions);
    }

    /** A reader of one event per notification. */
    public static <E> Reader<E> one(Set<Action> actions, BiFunction<E, Action, NormalizedEvent> event) {
        return new Reader<>(actions, (e, action) -> List.of(event.apply(e, action)));
    }
}
