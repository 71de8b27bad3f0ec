package dev.payhook.processing;

import dev.payhook.payment.Cause;
import dev.payhook.store.OrderStore;
import java.time.Clock;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Ends what a subscription granted when its time is up (a grace period over, a paid period over),
 * whether or not the provider sends another event: each order whose entitlement was due to change is
 * settled again, locked, in its own transaction. Settling twice is harmless, so instances may overlap.
 */
@Component
public class EntitlementExpiry {

    private static final int BATCH = 500;
    private static final Cause CAUSE = new Cause.Job("entitlement-expiry");

    private final OrderStore orders;
    private final OrderSettlement settlement;
    private final TransactionTemplate tx;
    private final Clock clock;

    public EntitlementExpiry(OrderStore orders, OrderSettlement settlement, TransactionTemplate tx, Clock clock) {
        this.orders = orders;
        this.settlement = settlement;
        this.tx = tx;
        this.clock = clock;
    }

    @Scheduled(
            fixedDelayString = "${payhook.subscriptions.check-interval:1m}",
            initialDelayString = "${payhook.subscriptions.check-interval:1m}")
    @SchedulerLock(name = "entitlement-expiry")
    public void settleDue() {
        for (String orderId : orders.entitlementsDue(clock.instant(), BATCH)) {
            tx.executeWithoutResult(s -> orders.lock(orderId).ifPresent(o -> settlement.settle(o, CAUSE)));
        }
    }
}
