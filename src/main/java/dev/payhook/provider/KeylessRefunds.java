package dev.payhook.provider;

/**
 * A refund API that takes no idempotency key (Paddle, Dodo, Razorpay, Khalti): the refund's reason starts with the
 * reference, and every attempt looks for a refund with it before it creates one, so a repeated
 * call finds the first refund instead of making a second.
 */
public abstract class KeylessRefunds implements Refunds {

    protected final ApiCalls calls;

    protected KeylessRefunds(ApiCalls calls) {
        this.calls = calls;
    }

    /** The refund with the call's reference as the provider lists it, or {@link RefundAnswer.NotFound}; one try. */
    protected abstract RefundAnswer listed(RefundCall call);

    /** Creates the refund with {@link #reason}; one try. */
    protected abstract RefundAnswer post(RefundCall call);

    @Override
    public final RefundAnswer create(RefundCall call) {
        return calls.retrying(() -> {
            RefundAnswer found = listed(call);
            return found instanceof RefundAnswer.NotFound ? post(call) : found;
        });
    }

    @Override
    public final RefundAnswer find(RefundCall call) {
        return calls.retrying(() -> listed(call));
    }

    /** The reason a refund is created with: the reference first, then why, in words. */
    public static String reason(RefundCall call) {
        return call.reference() + " " + call.why();
    }

    /** Whether a refund's reason, as the provider lists it, is the one of this call. */
    protected static boolean names(String reason, RefundCall call) {
        return reason != null && reason.startsWith(call.reference() + " ");
    }
}
