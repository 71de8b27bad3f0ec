package dev.payhook.provider.types;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * Which of its own statuses a provider's object must have for a reader to carry out an action: a
 * type table chooses among the facts the object can bear, it cannot make a failed payment paid.
 * An action without a rule, or an object that does not say its status, agrees.
 *
 * @param <E> the provider's notification as its format parsed it
 * @param status the object's status, as the provider writes it; null when it does not say
 */
public record Agreement<E>(Function<E, String> status, Map<Action, Predicate<String>> rules) {

    public Agreement {
        rules = Map.copyOf(rules);
    }

    /** The object's status when it contradicts {@code action}; empty when it agrees. */
    public Optional<String> contradiction(E notification, Action action) {
        Predicate<String> agrees = rules.get(action);
        if (agrees == null) {
            return Optional.empty();
        }
        String said = status.apply(notification);
        return said == null || agrees.test(said) ? Optional.empty() : Optional.of(said);
    }

    /** A status as the provider's JSON writes it; null when the field is missing or no string. */
    public static String text(JsonNode status) {
        return status != null && status.isString() ? status.asString() : null;
    }

    /** A status among {@code statuses}. */
    public static Predicate<String> is(String... statuses) {
        return Set.of(statuses)::contains;
    }

    /** Any status but {@code statuses}. */
    public static Predicate<String> isNot(String... statuses) {
        return is(statuses).negate();
    }
}
