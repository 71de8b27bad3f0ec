package dev.payhook.payment;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Function;

/** What one event did to a state derived from a whole history: the rule payments and subscriptions share. */
final class Histories {

    private Histories() {}

    /**
     * {@link Verdict#STALE} for an event the table applied that is no newer than some other event and
     * leaves the state {@code same} as without it: a late webhook, or a lookup confirming what the
     * webhooks said. Otherwise what the table said.
     */
    static <E, S> Verdict judge(
            Verdict table,
            List<E> events,
            String eventId,
            Function<E, String> idOf,
            Function<E, Instant> timeOf,
            Function<List<E>, S> derive,
            S with,
            BiPredicate<S, S> same) {
        if (table != Verdict.APPLIED) {
            return table;
        }
        List<E> others =
                events.stream().filter(e -> !eventId.equals(idOf.apply(e))).toList();
        Instant mine = events.stream()
                .filter(e -> eventId.equals(idOf.apply(e)))
                .map(timeOf)
                .min(Comparator.naturalOrder())
                .orElse(null);
        boolean notNewer =
                mine != null && others.stream().anyMatch(o -> !timeOf.apply(o).isBefore(mine));
        return notNewer && same.test(derive.apply(others), with) ? Verdict.STALE : Verdict.APPLIED;
    }
}
