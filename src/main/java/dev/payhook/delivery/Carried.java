package dev.payhook.delivery;

import dev.payhook.broker.Trace;
import dev.payhook.store.DeliveryStore;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.apache.activemq.artemis.api.core.Message;

/**
 * What a message on a consumer's queue carries from one attempt to the next, as the outbox or the
 * last attempt put it there: its body and key, its kind, its trace, the attempts made, when it was
 * published. A copy that goes on carries these alone, never what the broker added.
 *
 * @param attempts the attempts made, this one included
 */
record Carried(String body, String key, String kind, String traceparent, int attempts, long publishedAt) {

    /** The message as it came, counting the attempt about to be made. */
    static Carried of(org.apache.camel.Message m, Clock clock) {
        return new Carried(
                m.getBody(String.class),
                m.getHeader(MerchantDelivery.KEY, String.class),
                m.getHeader(MerchantDelivery.TYPE, String.class),
                m.getHeader(Trace.TRACEPARENT, String.class),
                Optional.ofNullable(m.getHeader(MerchantDelivery.ATTEMPTS, Integer.class))
                                .orElse(0)
                        + 1,
                Optional.ofNullable(m.getHeader(MerchantDelivery.PUBLISHED_AT, Long.class))
                        .or(() -> Optional.ofNullable(m.getHeader("JMSTimestamp", Long.class)))
                        .orElse(clock.millis()));
    }

    /** {@code m} made the copy that goes on: this body and these headers alone. */
    void writeTo(org.apache.camel.Message m) {
        m.removeHeaders("*");
        m.setBody(body);
        m.setHeader(MerchantDelivery.KEY, key);
        m.setHeader(MerchantDelivery.TYPE, kind);
        if (traceparent != null) {
            m.setHeader(Trace.TRACEPARENT, traceparent);
        }
        m.setHeader(MerchantDelivery.ATTEMPTS, attempts);
        m.setHeader(MerchantDelivery.PUBLISHED_AT, publishedAt);
    }

    /** What became of this attempt at {@code subscriber}, for the record ops read. */
    DeliveryStore.Delivery delivery(String subscriber, DeliveryStore.State state, String lastResult, Instant at) {
        return new DeliveryStore.Delivery(subscriber, state, attempts, lastResult, at);
    }

    /** The copy is due again at {@code millis}. */
    static void dueAt(org.apache.camel.Message m, long millis) {
        m.setHeader(Message.HDR_SCHEDULED_DELIVERY_TIME.toString(), millis);
    }

    /** The copy is parked as failed: whose it is, what the last attempt got, when. */
    static void failed(org.apache.camel.Message m, String consumer, String lastStatus, String lastResponse, long at) {
        m.setHeader(MerchantDelivery.ENDPOINT, consumer);
        m.setHeader(MerchantDelivery.LAST_STATUS, lastStatus);
        m.setHeader(MerchantDelivery.LAST_RESPONSE, lastResponse);
        m.setHeader(MerchantDelivery.FAILED_AT, at);
    }
}
