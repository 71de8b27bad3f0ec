package dev.payhook.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SubscriptionStateMachineTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private static SubscriptionEvent sub(EventType type, int second, SubscriptionStatus reported, String id) {
        return new SubscriptionEvent(
                type, T0.plusSeconds(second), reported, T0.plusSeconds(3600), null, 1000L, "USD", id);
    }

    private static SubscriptionEvent renewal(EventType type, int second, long billed, String id) {
        return new SubscriptionEvent(type, T0.plusSeconds(second), null, null, null, billed, "USD", id);
    }

    @Test
    void anyArrivalOrderGivesTheSameState() {
        List<SubscriptionEvent> history = List.of(
                sub(EventType.SUBSCRIPTION_ACTIVATED, 0, SubscriptionStatus.TRIALING, "created"),
                sub(EventType.SUBSCRIPTION_UPDATED, 5, SubscriptionStatus.ACTIVE, "trial_over"),
                renewal(EventType.PAYMENT_FAILED, 10, 1000, "failed"),
                sub(EventType.SUBSCRIPTION_PAST_DUE, 11, null, "past_due"),
                renewal(EventType.PAYMENT_SUCCEEDED, 20, 1000, "paid"));
        SubscriptionStateMachine.Result expected = SubscriptionStateMachine.derive(history);
        assertThat(expected.state().status()).isEqualTo(SubscriptionStatus.ACTIVE);
        assertThat(expected.state().pastDueSince()).isNull();
        Random random = new Random(7);
        for (int i = 0; i < 200; i++) {
            List<SubscriptionEvent> shuffled = new ArrayList<>(history);
            Collections.shuffle(shuffled, random);
            assertThat(SubscriptionStateMachine.derive(shuffled)).isEqualTo(expected);
        }
    }

    @Test
    void aLateUpdateLeavesACanceledSubscriptionCanceledAndANewerOneIsAContradiction() {
        var late = SubscriptionStateMachine.outcome(
                List.of(
                        sub(EventType.SUBSCRIPTION_ACTIVATED, 0, SubscriptionStatus.ACTIVE, "created"),
                        sub(EventType.SUBSCRIPTION_CANCELED, 50, SubscriptionStatus.CANCELED, "canceled"),
                        sub(EventType.SUBSCRIPTION_UPDATED, 20, SubscriptionStatus.ACTIVE, "late")),
                "late");
        assertThat(late.result().state().status()).isEqualTo(SubscriptionStatus.CANCELED);
        assertThat(late.verdict()).isEqualTo(Verdict.STALE);
        var newer = SubscriptionStateMachine.outcome(
                List.of(
                        sub(EventType.SUBSCRIPTION_ACTIVATED, 0, SubscriptionStatus.ACTIVE, "created"),
                        sub(EventType.SUBSCRIPTION_CANCELED, 50, SubscriptionStatus.CANCELED, "canceled"),
                        sub(EventType.SUBSCRIPTION_RESUMED, 90, SubscriptionStatus.ACTIVE, "resumed")),
                "resumed");
        assertThat(newer.result().state().status()).isEqualTo(SubscriptionStatus.CANCELED);
        assertThat(newer.verdict()).isEqualTo(Verdict.REVIEW);
    }

    @Test
    void aRenewalPaidAfterTheCancellationIsMoneyNotARevival() {
        var result = SubscriptionStateMachine.derive(List.of(
                sub(EventType.SUBSCRIPTION_CANCELED, 10, SubscriptionStatus.CANCELED, "canceled"),
                renewal(EventType.PAYMENT_SUCCEEDED, 20, 1000, "paid")));
        assertThat(result.state().status()).isEqualTo(SubscriptionStatus.CANCELED);
        assertThat(result.verdicts()).containsEntry("paid", Verdict.APPLIED);
    }

    @Test
    void theGraceCountsFromTheFirstFailureOfTheArrears() {
        var result = SubscriptionStateMachine.derive(List.of(
                sub(EventType.SUBSCRIPTION_ACTIVATED, 0, SubscriptionStatus.ACTIVE, "created"),
                renewal(EventType.PAYMENT_FAILED, 10, 1000, "first"),
                sub(EventType.SUBSCRIPTION_UPDATED, 30, SubscriptionStatus.PAST_DUE, "still"),
                renewal(EventType.PAYMENT_FAILED, 40, 1000, "retry")));
        assertThat(result.state().status()).isEqualTo(SubscriptionStatus.PAST_DUE);
        assertThat(result.state().pastDueSince()).isEqualTo(T0.plusSeconds(10));
    }

    @Test
    void aRenewalIsCheckedAgainstThePriceInForceWhenItWasBilled() {
        var result = SubscriptionStateMachine.derive(List.of(
                sub(EventType.SUBSCRIPTION_ACTIVATED, 0, SubscriptionStatus.ACTIVE, "created"),
                renewal(EventType.PAYMENT_SUCCEEDED, 10, 1000, "right"),
                renewal(EventType.PAYMENT_SUCCEEDED, 20, 900, "short"),
                new SubscriptionEvent(
                        EventType.PAYMENT_SUCCEEDED, T0.plusSeconds(30), null, null, null, 1000L, "EUR", "euros")));
        assertThat(result.mismatches()).containsOnlyKeys("short", "euros");
        assertThat(result.mismatches().get("short").kind()).isEqualTo(ReviewKind.AMOUNT_MISMATCH);
        assertThat(result.mismatches().get("euros").kind()).isEqualTo(ReviewKind.CURRENCY_MISMATCH);
    }
}
