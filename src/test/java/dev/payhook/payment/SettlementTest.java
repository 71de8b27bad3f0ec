package dev.payhook.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SettlementTest {

    private static final Order ORDER = new Order("ord_1", 500, "USD", "book-1", "c-1", OrderStatus.PENDING, 0);
    private static final SubscriptionEntitlement.Standing ACTIVE_UNTIL =
            new SubscriptionEntitlement.Standing(EntitlementStatus.ACTIVE, Instant.parse("2026-07-01T00:00:00Z"));

    private static OrderPayment renewal(long id, PaymentStatus status) {
        return new OrderPayment(id, "stripe", "in_" + id, status, 1200L, "USD", null, true);
    }

    @Test
    void renewalsPayTheOrderWithoutBeingComparedWithItOrWithEachOther() {
        var d = Settlement.settle(
                ORDER, List.of(renewal(1, PaymentStatus.SUCCEEDED), renewal(2, PaymentStatus.SUCCEEDED)), ACTIVE_UNTIL);
        assertThat(d.status()).isEqualTo(OrderStatus.PAID);
        assertThat(d.reviews()).isEmpty();
        assertThat(d.refunds()).isEmpty();
        assertThat(d.entitlement()).isEqualTo(EntitlementStatus.ACTIVE);
        assertThat(d.entitlementChangesAt()).isEqualTo(ACTIVE_UNTIL.changesAt());
    }

    @Test
    void theLatestRenewalRefundedInFullRevokesWhateverTheSubscriptionSays() {
        var d = Settlement.settle(
                ORDER, List.of(renewal(1, PaymentStatus.SUCCEEDED), renewal(2, PaymentStatus.REFUNDED)), ACTIVE_UNTIL);
        assertThat(d.status()).isEqualTo(OrderStatus.REFUNDED);
        assertThat(d.entitlement()).isEqualTo(EntitlementStatus.REVOKED);
        assertThat(d.entitlementChangesAt()).isNull();
    }

    @Test
    void aTrialGrantsWithNothingPaid() {
        var d = Settlement.settle(
                ORDER, List.of(), new SubscriptionEntitlement.Standing(EntitlementStatus.ACTIVE, null));
        assertThat(d.status()).isEqualTo(OrderStatus.PENDING);
        assertThat(d.entitlement()).isEqualTo(EntitlementStatus.ACTIVE);
    }

    @Test
    void withoutASubscriptionTheOrderStatusDecides() {
        var d = Settlement.settle(
                ORDER,
                List.of(new OrderPayment(1, "stripe", "pi_1", PaymentStatus.SUCCEEDED, 500L, "USD", null, false)),
                null);
        assertThat(d.status()).isEqualTo(OrderStatus.PAID);
        assertThat(d.entitlement()).isEqualTo(EntitlementStatus.ACTIVE);
    }
}
