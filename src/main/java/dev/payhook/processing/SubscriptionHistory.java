package dev.payhook.processing;

import dev.payhook.payment.ReviewKind;
import dev.payhook.payment.SubscriptionStateMachine;
import dev.payhook.payment.Verdict;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.store.SubscriptionStore;
import org.springframework.stereotype.Component;

/**
 * Adds one event to a locked subscription's history and writes what {@link SubscriptionStateMachine}
 * derives from the whole of it: the state, a review for each contradiction and for each renewal
 * billed other than the price. Reviews open once per subject, so deriving again repeats none.
 */
@Component
public class SubscriptionHistory {

    private final SubscriptionStore subscriptions;
    private final Reviews reviews;

    public SubscriptionHistory(SubscriptionStore subscriptions, Reviews reviews) {
        this.subscriptions = subscriptions;
        this.reviews = reviews;
    }

    public SubscriptionStateMachine.Outcome add(
            SubscriptionStore.Locked subscription, NormalizedEvent e, Receipt receipt, String orderId) {
        SubscriptionStateMachine.Outcome outcome = SubscriptionStateMachine.outcome(
                subscriptions.appendAndRead(subscription.id(), e, receipt.id()), e.eventId());
        SubscriptionStateMachine.Result result = outcome.result();
        subscriptions.saveState(subscription.id(), result.state());
        String name = e.provider() + ":" + e.subscriptionId();
        result.verdicts().forEach((eventId, verdict) -> {
            if (verdict == Verdict.REVIEW) {
                reviews.open(
                        ReviewKind.CONTRADICTORY_EVENT,
                        e.provider() + ":" + eventId,
                        orderId,
                        null,
                        "event " + eventId + " contradicts the other events of subscription " + name);
            }
        });
        result.mismatches()
                .forEach((eventId, m) -> reviews.open(
                        m.kind(),
                        e.provider() + ":" + eventId,
                        orderId,
                        null,
                        "subscription " + name + ", event " + eventId + ": " + m.detail()));
        return outcome;
    }
}
