package dev.payhook.payment;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What a subscription grants its sign-up order at an instant (docs/DESIGN.md §8): trialing or active
 * grant; past due grants for the grace after the first failed renewal, then suspends; paused suspends;
 * a cancellation revokes when it takes effect (the end of the paid period, or at once). Also when the
 * answer changes by itself, so that a scheduled check applies it without waiting for another event.
 */
public final class SubscriptionEntitlement {

    private SubscriptionEntitlement() {}

    /** The entitlement now, and the instant it next changes with nothing else happening (null: never). */
    public record Standing(EntitlementStatus status, Instant changesAt) {}

    private record Change(Instant at, EntitlementStatus status) {}

    /** Null while the subscription's status is unknown: its payments decide alone. */
    public static Standing at(SubscriptionState s, Instant now, Duration grace) {
        List<Change> changes = new ArrayList<>();
        EntitlementStatus base = EntitlementStatus.ACTIVE;
        switch (s.status()) {
            case UNKNOWN -> {
                return null;
            }
            case TRIALING, ACTIVE -> {}
            case PAST_DUE -> changes.add(new Change(s.pastDueSince().plus(grace), EntitlementStatus.SUSPENDED));
            case PAUSED -> base = EntitlementStatus.SUSPENDED;
            case CANCELED ->
                changes.add(
                        new Change(s.cancelAt() != null ? s.cancelAt() : s.canceledAt(), EntitlementStatus.REVOKED));
        }
        if (s.cancelAt() != null) {
            changes.add(new Change(s.cancelAt(), EntitlementStatus.REVOKED));
        }
        EntitlementStatus status = base;
        Instant next = null;
        for (Change c :
                changes.stream().sorted(Comparator.comparing(Change::at)).toList()) {
            if (!c.at().isAfter(now)) {
                status = worse(status, c.status());
            } else if (worse(status, c.status()) != status && (next == null || c.at().isBefore(next))) {
                next = c.at();
            }
        }
        return new Standing(status, next);
    }

    /** Revoked outranks suspended, which outranks active: a later, milder milestone never undoes one. */
    private static EntitlementStatus worse(EntitlementStatus a, EntitlementStatus b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
