package dev.payhook.refund;

import dev.payhook.config.RefundProperties;
import dev.payhook.payment.RefundStatus;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.RefundAnswer;
import dev.payhook.provider.RefundCall;
import dev.payhook.provider.Refunds;
import dev.payhook.store.OpsActionStore;
import dev.payhook.store.RefundRequest;
import dev.payhook.store.RefundStore;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Calls the providers about refund requests that are due (DESIGN.md §12), one at a time per
 * instance, each held while it is called so that no other instance calls about it meanwhile. A new
 * request is created at the provider; one a call may already have reached (an earlier attempt, an
 * unknown outcome) is first looked for by its reference, and created under the same reference only
 * when the provider has none; a submitted one is asked about until it settles. What the provider
 * says of a settled refund goes through processing like its webhook.
 */
@Component
public class RefundCalls {

    private static final Logger log = LoggerFactory.getLogger(RefundCalls.class);

    /** Who the calls are recorded as, in ops_actions. */
    private static final String ACTOR = "payhook:refunds";

    private final RefundStore store;
    private final RefundOutcomes outcomes;
    private final ProviderRegistry providers;
    private final FactSink intake;
    private final OpsActionStore actions;
    private final Duration followUp;

    public RefundCalls(
            RefundStore store,
            RefundOutcomes outcomes,
            ProviderRegistry providers,
            FactSink intake,
            OpsActionStore actions,
            RefundProperties properties) {
        this.store = store;
        this.outcomes = outcomes;
        this.providers = providers;
        this.intake = intake;
        this.actions = actions;
        this.followUp = properties.getFollowUp();
    }

    @Scheduled(
            fixedDelayString = "${payhook.refunds.poll-interval:1s}",
            initialDelayString = "${payhook.refunds.poll-interval:1s}")
    public void callDue() {
        for (Optional<RefundRequest> due = store.claimDue(followUp); due.isPresent(); due = store.claimDue(followUp)) {
            call(due.get());
        }
    }

    private void call(RefundRequest request) {
        Optional<Refunds> refunds = providers.find(request.provider()).flatMap(Provider::refunds);
        if (refunds.isEmpty()) {
            // the configuration changed since the request was made: nothing was called, nothing is lost
            store.later(request.id(), followUp, "provider " + request.provider() + " cannot refund now");
            return;
        }
        RefundCall call = new RefundCall(
                request.reference(),
                request.providerPaymentId(),
                request.amountMinor(),
                request.currency(),
                request.paymentAmountMinor(),
                request.orderId(),
                request.reason(),
                request.connectedAccount());
        RefundAnswer answer;
        try {
            answer = ask(refunds.get(), request, call);
        } catch (ApiFailure e) {
            log.warn("Refund {} of {}: {}", request.id(), request.provider(), e.getMessage());
            record(request, "no answer: " + e.getMessage());
            outcomes.unanswered(request, e.getMessage(), followUp);
            return;
        }
        record(request, describe(answer));
        try {
            outcomes.answered(request, answer, followUp);
        } catch (RuntimeException e) {
            // the provider has the refund under the reference; asked again after the follow-up, it says so again
            log.warn(
                    "Refund {}: the provider's answer was not recorded ({}); asked again later",
                    request.id(),
                    e.toString());
            store.later(
                    request.id(),
                    followUp,
                    "the answer was not recorded: " + e.getClass().getSimpleName());
            return;
        }
        if (answer instanceof RefundAnswer.Known known && known.fact() != null) {
            try {
                intake.apply(request.provider(), known.fact());
            } catch (RuntimeException e) {
                log.warn(
                        "Refund {}: the provider's word on it was not processed ({}); asked again later",
                        request.id(),
                        e.getMessage());
            }
        }
    }

    /**
     * Created when no call can have reached the provider yet; otherwise looked for by reference
     * first. A refused question about a refund says nothing of the refund itself: asked again later.
     */
    private static RefundAnswer ask(Refunds refunds, RefundRequest request, RefundCall call) {
        boolean firstCall = request.status() == RefundStatus.REQUESTED && request.attempts() == 1;
        if (firstCall) {
            return refunds.create(call);
        }
        RefundAnswer found = refunds.find(call);
        if (found instanceof RefundAnswer.Refused refused) {
            throw new ApiFailure("asking about " + call.reference() + " was refused: " + refused.reason());
        }
        return found instanceof RefundAnswer.NotFound && request.status() != RefundStatus.SUBMITTED
                ? refunds.create(call)
                : found;
    }

    private void record(RefundRequest request, String outcome) {
        actions.record(ACTOR, "refund_call", "refund " + request.id(), null, request.provider() + ": " + outcome);
    }

    private static String describe(RefundAnswer answer) {
        if (answer instanceof RefundAnswer.Known k) {
            return "refund " + k.providerRefundId() + (k.fact() == null ? " pending" : " settled");
        }
        return answer instanceof RefundAnswer.Refused r ? "refused: " + r.reason() : "no refund under the reference";
    }
}
