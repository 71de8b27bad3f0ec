package dev.payhook.payment;

/** What made an order change, as its message names it: a provider's event, or a scheduled job. */
public sealed interface Cause {

    /** The cause in a few words, for a person reading a review's resolution. */
    String describe();

    /** An event of {@code provider} about a payment or a subscription (its id when it names one). */
    record ProviderEvent(String provider, String eventId, String providerPaymentId, String providerSubscriptionId)
            implements Cause {
        @Override
        public String describe() {
            return provider + " event " + eventId;
        }
    }

    /** A job that settles orders as time passes. */
    record Job(String name) implements Cause {
        @Override
        public String describe() {
            return "the job " + name;
        }
    }
}
