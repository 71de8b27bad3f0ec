package dev.payhook.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SubscriptionEntitlementTest {

    private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
    private static final Duration GRACE = Duration.ofDays(7);

    private static SubscriptionState state(
            SubscriptionStatus status, Instant cancelAt, Instant canceledAt, Instant pastDueSince) {
        return new SubscriptionState(
                status, NOW.plus(Duration.ofDays(10)), cancelAt, canceledAt, pastDueSince, 1000L, "USD");
    }

    private static SubscriptionEntitlement.Standing at(SubscriptionState s) {
        return SubscriptionEntitlement.at(s, NOW, GRACE);
    }

    @Test
    void activeGrantsUntilAScheduledCancellationThenRevokes() {
        Instant end = NOW.plusSeconds(60);
        assertThat(at(state(SubscriptionStatus.ACTIVE, null, null, null)))
                .isEqualTo(new SubscriptionEntitlement.Standing(EntitlementStatus.ACTIVE, null));
        assertThat(at(state(SubscriptionStatus.ACTIVE, end, null, null)))
                .isEqualTo(new SubscriptionEntitlement.Standing(EntitlementStatus.ACTIVE, end));
        assertThat(at(state(SubscriptionStatus.TRIALING, NOW.minusSeconds(1), null, null))
                        .status())
                .isEqualTo(EntitlementStatus.REVOKED);
    }

    @Test
    void pastDueGrantsForTheGraceThenSuspends() {
        Instant failed = NOW.minus(Duration.ofDays(2));
        assertThat(at(state(SubscriptionStatus.PAST_DUE, null, null, failed)))
                .isEqualTo(new SubscriptionEntitlement.Standing(EntitlementStatus.ACTIVE, failed.plus(GRACE)));
        assertThat(at(state(SubscriptionStatus.PAST_DUE, null, null, NOW.minus(GRACE))))
                .isEqualTo(new SubscriptionEntitlement.Standing(EntitlementStatus.SUSPENDED, null));
    }

    @Test
    void aSuspensionAfterARevocationDoesNotUndoIt() {
        SubscriptionState s =
                state(SubscriptionStatus.PAST_DUE, NOW.minus(Duration.ofDays(3)), null, NOW.minus(Duration.ofDays(2)));
        assertThat(at(s)).isEqualTo(new SubscriptionEntitlement.Standing(EntitlementStatus.REVOKED, null));
    }

    @Test
    void pausedSuspendsAndCanceledRevokesWhenTheCancellationTakesEffect() {
        assertThat(at(state(SubscriptionStatus.PAUSED, null, null, null)).status())
                .isEqualTo(EntitlementStatus.SUSPENDED);
        Instant periodEnd = NOW.plus(Duration.ofDays(3));
        assertThat(at(state(SubscriptionStatus.CANCELED, periodEnd, NOW.minusSeconds(5), null)))
                .isEqualTo(new SubscriptionEntitlement.Standing(EntitlementStatus.ACTIVE, periodEnd));
        assertThat(at(state(SubscriptionStatus.CANCELED, null, NOW.minusSeconds(5), null))
                        .status())
                .isEqualTo(EntitlementStatus.REVOKED);
        assertThat(at(state(SubscriptionStatus.UNKNOWN, null, null, null))).isNull();
    }
}
