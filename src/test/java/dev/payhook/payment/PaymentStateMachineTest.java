package dev.payhook.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PaymentStateMachineTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private static PaymentEvent e(EventType type, int second, Long amount, String refundId, String id) {
        return new PaymentEvent(type, T0.plusSeconds(second), amount, amount == null ? null : "USD", refundId, id);
    }

    @Test
    void anyArrivalOrderGivesTheSameState() {
        List<PaymentEvent> history = List.of(
                e(EventType.PAYMENT_PENDING, 0, 1000L, null, "e1"),
                e(EventType.PAYMENT_SUCCEEDED, 1, 1000L, null, "e2"),
                e(EventType.REFUND_SUCCEEDED, 5, 300L, "re_1", "e3"),
                e(EventType.REFUND_SUCCEEDED, 6, 300L, "re_1", "e4"),
                e(EventType.REFUND_SUCCEEDED, 7, 200L, "re_2", "e5"));
        PaymentStateMachine.Result expected = PaymentStateMachine.derive(history);
        assertThat(expected.state().status()).isEqualTo(PaymentStatus.PARTIALLY_REFUNDED);
        assertThat(expected.state().refundedMinor()).isEqualTo(500);
        Random random = new Random(42);
        for (int i = 0; i < 200; i++) {
            List<PaymentEvent> shuffled = new ArrayList<>(history);
            Collections.shuffle(shuffled, random);
            assertThat(PaymentStateMachine.derive(shuffled)).isEqualTo(expected);
        }
    }

    @Test
    void aLatePendingOrFailureNeverOverwritesSuccess() {
        var result = PaymentStateMachine.derive(List.of(
                e(EventType.PAYMENT_SUCCEEDED, 10, 1000L, null, "ok"),
                e(EventType.PAYMENT_PENDING, 5, 1000L, null, "late"),
                e(EventType.PAYMENT_FAILED, 20, 1000L, null, "after")));
        assertThat(result.state().status()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(result.verdicts())
                .containsEntry("ok", Verdict.APPLIED)
                .containsEntry("late", Verdict.APPLIED)
                .containsEntry("after", Verdict.REVIEW);
    }

    @Test
    void aRefundBeforeItsPaymentCountsOnceThePaymentIsKnown() {
        var refundOnly = PaymentStateMachine.derive(List.of(e(EventType.REFUND_SUCCEEDED, 9, 1000L, "re_1", "r")));
        assertThat(refundOnly.state().status()).isEqualTo(PaymentStatus.UNKNOWN);
        var both = PaymentStateMachine.derive(List.of(
                e(EventType.REFUND_SUCCEEDED, 9, 1000L, "re_1", "r"),
                e(EventType.PAYMENT_SUCCEEDED, 1, 1000L, null, "p")));
        assertThat(both.state().status()).isEqualTo(PaymentStatus.REFUNDED);
        assertThat(both.state().refundedMinor()).isEqualTo(1000);
    }

    @Test
    void disputesSuspendAndSettle() {
        var open = PaymentStateMachine.derive(List.of(
                e(EventType.PAYMENT_SUCCEEDED, 1, 1000L, null, "p"), e(EventType.DISPUTE_OPENED, 2, 1000L, null, "d")));
        assertThat(open.state().status()).isEqualTo(PaymentStatus.DISPUTED);
        var lost = PaymentStateMachine.derive(List.of(
                e(EventType.PAYMENT_SUCCEEDED, 1, 1000L, null, "p"),
                e(EventType.DISPUTE_OPENED, 2, 1000L, null, "d"),
                e(EventType.DISPUTE_LOST, 3, 1000L, null, "l")));
        assertThat(lost.state().status()).isEqualTo(PaymentStatus.DISPUTE_LOST);
        var won = PaymentStateMachine.derive(List.of(
                e(EventType.PAYMENT_SUCCEEDED, 1, 1000L, null, "p"),
                e(EventType.DISPUTE_OPENED, 2, 1000L, null, "d"),
                e(EventType.DISPUTE_WON, 3, 1000L, null, "w")));
        assertThat(won.state().status()).isEqualTo(PaymentStatus.DISPUTE_WON);
    }

    @Test
    void refundsNeverExceedTheCapturedAmount() {
        var r = PaymentStateMachine.derive(List.of(
                e(EventType.PAYMENT_SUCCEEDED, 1, 1000L, null, "p"),
                e(EventType.REFUND_SUCCEEDED, 2, 800L, "re_1", "a"),
                e(EventType.REFUND_SUCCEEDED, 3, 800L, "re_2", "b")));
        assertThat(r.state().refundedMinor()).isEqualTo(1000);
        assertThat(r.state().status()).isEqualTo(PaymentStatus.REFUNDED);
    }

    @Test
    void aLateEventThatChangesNothingIsStaleAndAContradictionIsForReview() {
        List<PaymentEvent> events = List.of(
                e(EventType.PAYMENT_SUCCEEDED, 10, 1000L, null, "ok"),
                e(EventType.PAYMENT_PENDING, 5, 1000L, null, "late"),
                e(EventType.PAYMENT_FAILED, 20, 1000L, null, "after"),
                e(EventType.REFUND_SUCCEEDED, 8, 100L, "re_1", "early_refund"));
        assertThat(PaymentStateMachine.outcome(events, "late").verdict()).isEqualTo(Verdict.STALE);
        assertThat(PaymentStateMachine.outcome(events, "after").verdict()).isEqualTo(Verdict.REVIEW);
        assertThat(PaymentStateMachine.outcome(events, "early_refund").verdict())
                .as("older, but it changes the refunded total")
                .isEqualTo(Verdict.APPLIED);
        assertThat(PaymentStateMachine.outcome(events, "ok").verdict()).isEqualTo(Verdict.APPLIED);
    }

    @Test
    void eventsAtTheSameInstantFollowTheLifecycle() {
        var result = PaymentStateMachine.derive(List.of(
                e(EventType.PAYMENT_SUCCEEDED, 3, 1000L, null, "a"),
                e(EventType.PAYMENT_PENDING, 3, 1000L, null, "b")));
        assertThat(result.state().status()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(result.verdicts()).containsEntry("a", Verdict.APPLIED).containsEntry("b", Verdict.APPLIED);
    }
}
