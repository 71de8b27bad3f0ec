package dev.payhook.processing;

import dev.payhook.alerts.Alerts;
import dev.payhook.broker.MessageKeys;
import dev.payhook.outbox.OrderEvents;
import dev.payhook.outbox.Published;
import dev.payhook.payment.Cause;
import dev.payhook.payment.Order;
import dev.payhook.payment.PaymentStateMachine;
import dev.payhook.payment.PaymentStatus;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.payment.ReviewKind;
import dev.payhook.payment.SubscriptionStateMachine;
import dev.payhook.payment.SubscriptionStatus;
import dev.payhook.payment.Verdict;
import dev.payhook.payment.WireName;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.refund.RefundOutcomes;
import dev.payhook.store.PaymentStore;
import dev.payhook.store.ReceiptStore;
import dev.payhook.store.SubscriptionStore;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.camel.Body;
import org.apache.camel.ExchangeProperty;
import org.springframework.stereotype.Component;

/**
 * The branches of the content-based router, each run inside the event's transaction after the
 * event-id lock was taken. The rules are pure ({@link PaymentStateMachine}, the order's
 * settlement); this writes what they decide. Every statement is idempotent and all of them run
 * for every new event: a redelivery after a crash completes what the crash interrupted.
 */
@Component("applier")
public class EventApplier {

    private final PaymentStore payments;
    private final ReceiptStore receipts;
    private final OrderEvents events;
    private final OrderSettlement settlement;
    private final Reconciliation reconciliation;
    private final Reviews reviews;
    private final Alerts alerts;
    private final SubscriptionStore subscriptions;
    private final SubscriptionHistory history;
    private final ReceiptMetrics metrics;
    private final InFlightEvents inFlight;
    private final RefundOutcomes refunds;

    public EventApplier(
            PaymentStore payments,
            SubscriptionStore subscriptions,
            SubscriptionHistory history,
            ReceiptStore receipts,
            OrderEvents events,
            OrderSettlement settlement,
            Reconciliation reconciliation,
            Reviews reviews,
            Alerts alerts,
            ReceiptMetrics metrics,
            InFlightEvents inFlight,
            RefundOutcomes refunds) {
        this.refunds = refunds;
        this.metrics = metrics;
        this.inFlight = inFlight;
        this.payments = payments;
        this.subscriptions = subscriptions;
        this.history = history;
        this.receipts = receipts;
        this.events = events;
        this.settlement = settlement;
        this.reconciliation = reconciliation;
        this.reviews = reviews;
        this.alerts = alerts;
    }

    /** A payment, refund or dispute event: a fact about one payment's money. */
    public void payment(@Body NormalizedEvent e, @ExchangeProperty(Evidence.RECEIPT) Receipt receipt) {
        // locks in the same order in every transaction: payment, then subscription, then order
        PaymentStore.Locked payment;
        SubscriptionStore.Locked subscription = null;
        String orderId;
        Order order;
        if (e.subscriptionId() == null) {
            // the payment and its order locked in one statement
            PaymentStore.LockedWithOrder locked = payments.upsertAndLockWithOrder(
                    e.provider(), e.providerPaymentId(), e.orderId(), e.connectedAccount());
            payment = locked.payment();
            orderId = payment.orderId();
            order = reconciliation.requireOrder(e, orderId, locked.order());
        } else {
            payment = payments.upsertAndLock(e.provider(), e.providerPaymentId(), e.orderId(), e.connectedAccount());
            subscription = subscriptions.upsertAndLock(e.provider(), e.subscriptionId(), e.orderId());
            orderId = payment.orderId() != null ? payment.orderId() : subscription.orderId();
            payments.linkSubscription(payment.id(), subscription.id());
            order = reconciliation.lockOrder(e, orderId);
        }
        String sku = reconciliation.requireProducts(e, order);
        PaymentStateMachine.Outcome outcome =
                PaymentStateMachine.outcome(payments.appendAndRead(payment.id(), e, receipt.id()), e.eventId());
        PaymentStateMachine.Result result = outcome.result();
        PaymentStatus status = result.state().status();
        if (subscription != null && e.type().movesSubscription()) {
            history.add(subscription, e, receipt, orderId);
        }
        result.verdicts().forEach((eventId, verdict) -> {
            if (verdict == Verdict.REVIEW) {
                reviews.open(
                        ReviewKind.CONTRADICTORY_EVENT,
                        e.provider() + ":" + eventId,
                        orderId,
                        payment.id(),
                        "event " + eventId + " contradicts the other events of payment " + e.providerPaymentId());
            }
        });
        if (order != null) {
            settlement.settle(
                    order, payments.saveStateAndSettling(payment.id(), result.state(), sku, orderId), cause(e));
        } else {
            payments.saveState(payment.id(), result.state(), sku);
        }
        if (e.refundId() != null) {
            refunds.refundEventApplied(e.provider(), e.refundId(), e.type());
        }
        publish(e, status, null);
        judged(receipt, e, outcome.verdict(), "payment's", status, orderId);
    }

    /** A fact about a subscription's status: its history, then its sign-up order's entitlement. */
    public void subscription(@Body NormalizedEvent e, @ExchangeProperty(Evidence.RECEIPT) Receipt receipt) {
        SubscriptionStore.Locked subscription =
                subscriptions.upsertAndLock(e.provider(), e.subscriptionId(), e.orderId());
        Order order = reconciliation.lockOrder(e, subscription.orderId());
        SubscriptionStateMachine.Outcome outcome = history.add(subscription, e, receipt, subscription.orderId());
        SubscriptionStatus status = outcome.result().state().status();
        if (order != null) {
            settlement.settle(order, cause(e));
        }
        publish(e, null, status);
        judged(receipt, e, outcome.verdict(), "subscription's", status, subscription.orderId());
    }

    private static Cause cause(NormalizedEvent e) {
        return new Cause.ProviderEvent(e.provider(), e.eventId(), e.providerPaymentId(), e.subscriptionId());
    }

    /** The receipt says what the event did to the state its history derives, {@code whose} it is. */
    private void judged(
            Receipt receipt, NormalizedEvent e, Verdict verdict, String whose, WireName state, String orderId) {
        String reason = switch (verdict) {
            case APPLIED -> null;
            case STALE -> e.type().wireName() + " is older than the " + whose + " state " + state.wireName();
            case REVIEW ->
                e.type().wireName() + " contradicts the " + whose + " state " + state.wireName() + ": review opened";
        };
        outcome(receipt, e, ReceiptOutcome.of(verdict), reason, orderId);
    }

    public void other(@Body NormalizedEvent e, @ExchangeProperty(Evidence.RECEIPT) Receipt receipt) {
        outcome(receipt, e, ReceiptOutcome.IGNORED, "event type " + e.providerType() + " has no effect", e.orderId());
        metrics.ignored(e.provider(), e.providerType());
    }

    /** A test event on a live gateway, or one for another merchant's account: kept as evidence, no effect at all. */
    public void rejected(
            @Body NormalizedEvent e,
            @ExchangeProperty(Evidence.RECEIPT) Receipt receipt,
            @ExchangeProperty(EventRouting.REJECTED_BECAUSE) Reconciliation.Rejection rejection) {
        outcome(receipt, e, rejection.outcome(), rejection.reason(), e.orderId());
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("provider", e.provider());
        details.put("event_id", e.eventId());
        details.put("detail", rejection.reason());
        alerts.raise(rejection.outcome(), e.lockKey(), details);
    }

    /** A dedupe hit; when a concurrent delivery of the same event was in flight, it lost the lock to that one. */
    public void duplicate(@Body NormalizedEvent e, @ExchangeProperty(Evidence.RECEIPT) Receipt receipt) {
        if (inFlight.shared(InFlightEvents.key(e))) {
            metrics.lockConflict(e.provider());
        }
        outcome(receipt, e, ReceiptOutcome.DUPLICATE, "event " + e.eventId() + " was already processed", e.orderId());
    }

    private void outcome(Receipt receipt, NormalizedEvent e, ReceiptOutcome outcome, String reason, String orderId) {
        receipts.eventOutcome(receipt.id(), e.eventId(), e.providerType(), outcome, reason, orderId);
        metrics.outcome(receipt, outcome);
    }

    private void publish(NormalizedEvent e, PaymentStatus paymentStatus, SubscriptionStatus subscriptionStatus) {
        events.publish(
                e.type().wireName(),
                MessageKeys.reading(e.provider(), e.eventId()),
                new Published.ProviderEvent(
                        BranchOffers.reading(e),
                        paymentStatus == null ? null : paymentStatus.wireName(),
                        subscriptionStatus == null ? null : subscriptionStatus.wireName()));
    }
}
