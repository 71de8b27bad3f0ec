package dev.payhook.payment;

import java.util.LinkedHashMap;
import java.util.Map;

/** What made an order change, as its message names it: a provider's event, or a scheduled job. */
public sealed interface Cause {

    /** The fields of the message's {@code cause}. */
    Map<String, Object> fields();

    /** An event of {@code provider} about a payment or a subscription (its id when it names one). */
    record Delivery(String provider, String eventId, String providerPaymentId, String providerSubscriptionId)
            implements Cause {
        @Override
        public Map<String, Object> fields() {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("provider", provider);
            f.put("event_id", eventId);
            if (providerPaymentId != null) {
                f.put("provider_payment_id", providerPaymentId);
            }
            if (providerSubscriptionId != null) {
                f.put("provider_subscription_id", providerSubscriptionId);
            }
            return f;
        }
    }

    /** A job that settles orders as time passes. */
    record Job(String name) implements Cause {
        @Override
        public Map<String, Object> fields() {
            return Map.of("job", name);
        }
    }
}
