package dev.payhook.support;

import dev.payhook.send.SampleValues;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/** The built-in providers as a test drives them: their payloads and their signatures. */
public enum TestProvider {
    STRIPE("stripe", "whsec_stripe_test_current", "whsec_stripe_test_previous", null) {
        @Override
        public byte[] payment(
                String eventId, String paymentId, String orderId, long amount, String currency, Instant at) {
            return Fixtures.sample(
                    "stripe",
                    "payment_intent.succeeded",
                    values(eventId, paymentId, orderId, amount, currency.toLowerCase(Locale.ROOT), at));
        }

        @Override
        public byte[] refund(
                String eventId, String paymentId, String refundId, long amount, String currency, Instant at) {
            Map<String, Object> v = values(eventId, paymentId, "unused", amount, currency.toLowerCase(Locale.ROOT), at);
            v.put("refund_id", refundId);
            return Fixtures.sample("stripe", "refund.created", v);
        }

        @Override
        public byte[] dispute(
                String eventId, String paymentId, Dispute stage, long amount, String currency, Instant at) {
            Map<String, Object> v = values(eventId, paymentId, "unused", amount, currency.toLowerCase(Locale.ROOT), at);
            v.put("type", stage == Dispute.OPENED ? "charge.dispute.created" : "charge.dispute.closed");
            v.put(
                    "status",
                    switch (stage) {
                        case OPENED -> "needs_response";
                        case WON -> "won";
                        case LOST -> "lost";
                    });
            return Fixtures.load("stripe/charge.dispute.json", v);
        }

        @Override
        public Map<String, String> sign(String secret, String eventId, long timestamp, byte[] body) {
            return Map.of("Stripe-Signature", Signer.stripe(secret, timestamp, body));
        }
    },

    PADDLE(
            "paddle",
            "pdl_ntfset_test_current_secret",
            "pdl_ntfset_test_previous_secret",
            "pro_01test000000000000000000") {
        @Override
        public byte[] payment(
                String eventId, String paymentId, String orderId, long amount, String currency, Instant at) {
            Map<String, Object> v = values(eventId, paymentId, orderId, amount, currency, at);
            v.put("product", productRef);
            return Fixtures.sample("paddle", "transaction.completed", v);
        }

        @Override
        public byte[] refund(
                String eventId, String paymentId, String refundId, long amount, String currency, Instant at) {
            Map<String, Object> v = values(eventId, paymentId, "unused", amount, currency, at);
            v.put("refund_id", refundId);
            return Fixtures.sample("paddle", "adjustment.updated", v);
        }

        @Override
        public byte[] dispute(
                String eventId, String paymentId, Dispute stage, long amount, String currency, Instant at) {
            Map<String, Object> v = values(eventId, paymentId, "unused", amount, currency, at);
            v.put(
                    "action",
                    switch (stage) {
                        case OPENED -> "chargeback_warning";
                        case WON -> "chargeback_reverse";
                        case LOST -> "chargeback";
                    });
            return Fixtures.sample("paddle", "adjustment.created", v);
        }

        @Override
        public Map<String, String> sign(String secret, String eventId, long timestamp, byte[] body) {
            return Map.of("Paddle-Signature", Signer.paddle(secret, timestamp, body));
        }
    },

    DODO(
            "dodo",
            "whsec_ZG9kby10ZXN0LWN1cnJlbnQtc2VjcmV0LWtleS0wMQ==",
            "whsec_ZG9kby10ZXN0LXByZXZpb3VzLXNlY3JldC1rZXk=",
            "pdt_T3stProduct") {
        @Override
        public byte[] payment(
                String eventId, String paymentId, String orderId, long amount, String currency, Instant at) {
            Map<String, Object> v = values(eventId, paymentId, orderId, amount, currency, at);
            v.put("product", productRef);
            return Fixtures.sample("dodo", "payment.succeeded", v);
        }

        @Override
        public byte[] refund(
                String eventId, String paymentId, String refundId, long amount, String currency, Instant at) {
            Map<String, Object> v = values(eventId, paymentId, "unused", amount, currency, at);
            v.put("refund_id", refundId);
            return Fixtures.sample("dodo", "refund.succeeded", v);
        }

        @Override
        public byte[] dispute(
                String eventId, String paymentId, Dispute stage, long amount, String currency, Instant at) {
            Map<String, Object> v = values(eventId, paymentId, "unused", amount, currency, at);
            String outcome = stage.name().toLowerCase(Locale.ROOT);
            v.put("type", "dispute." + outcome);
            v.put("status", "dispute_" + outcome);
            return Fixtures.load("dodo/dispute.json", v);
        }

        @Override
        public Map<String, String> sign(String secret, String eventId, long timestamp, byte[] body) {
            return Map.of(
                    "webhook-id",
                    eventId,
                    "webhook-timestamp",
                    Long.toString(timestamp),
                    "webhook-signature",
                    Signer.standardWebhooks(secret, eventId, timestamp, body));
        }
    },

    RAZORPAY("razorpay", "rzp_webhook_test_current_secret", "rzp_webhook_test_previous_secret", null) {
        @Override
        public byte[] payment(
                String eventId, String paymentId, String orderId, long amount, String currency, Instant at) {
            return Fixtures.sample(
                    "razorpay", "payment.captured", values(eventId, paymentId, orderId, amount, currency, at));
        }

        @Override
        public byte[] refund(
                String eventId, String paymentId, String refundId, long amount, String currency, Instant at) {
            Map<String, Object> v = values(eventId, paymentId, "unused", amount, currency, at);
            v.put("refund_id", refundId);
            return Fixtures.sample("razorpay", "refund.processed", v);
        }

        @Override
        public byte[] dispute(
                String eventId, String paymentId, Dispute stage, long amount, String currency, Instant at) {
            Map<String, Object> v = values(eventId, paymentId, "unused", amount, currency, at);
            String outcome = switch (stage) {
                case OPENED -> "created";
                case WON -> "won";
                case LOST -> "lost";
            };
            v.put("type", "payment.dispute." + outcome);
            v.put("status", stage == Dispute.OPENED ? "open" : outcome);
            v.put("deducted", stage == Dispute.LOST ? amount : 0);
            return Fixtures.load("razorpay/payment.dispute.json", v);
        }

        /** Razorpay signs the body alone; its event id travels beside it, unsigned. */
        @Override
        public Map<String, String> sign(String secret, String eventId, long timestamp, byte[] body) {
            return Map.of("X-Razorpay-Signature", Signer.razorpay(secret, body), "X-Razorpay-Event-Id", eventId);
        }

        @Override
        public boolean signsTime() {
            return false;
        }
    };

    /** Stages of a chargeback as each provider reports them. */
    public enum Dispute {
        OPENED,
        WON,
        LOST
    }

    public final String id;
    public final String secret;
    public final String previousSecret;
    /** The product reference its payment fixture names (mapped to book-1 by GatewayTest); null if none. */
    public final String productRef;

    TestProvider(String id, String secret, String previousSecret, String productRef) {
        this.id = id;
        this.secret = secret;
        this.previousSecret = previousSecret;
        this.productRef = productRef;
    }

    public abstract byte[] payment(
            String eventId, String paymentId, String orderId, long amount, String currency, Instant at);

    public abstract byte[] refund(
            String eventId, String paymentId, String refundId, long amount, String currency, Instant at);

    public abstract byte[] dispute(
            String eventId, String paymentId, Dispute stage, long amount, String currency, Instant at);

    /** The signature headers for {@code body}; Standard Webhooks also carries the event id in a header. */
    public abstract Map<String, String> sign(String secret, String eventId, long timestamp, byte[] body);

    /** Whether its signature covers a timestamp, so a stale or future one is refused. */
    public boolean signsTime() {
        return true;
    }

    public Map<String, String> sign(String eventId, byte[] body) {
        return sign(secret, eventId, Instant.now().getEpochSecond(), body);
    }

    static Map<String, Object> values(
            String eventId, String paymentId, String orderId, long amount, String currency, Instant at) {
        Map<String, Object> v = SampleValues.of(eventId, paymentId, orderId, amount, currency, at);
        // the accounts GatewayTest configures as ours
        v.put("business_id", "bus_T3stBusiness");
        v.put("account_id", "acc_T3stAccount01");
        return v;
    }
}
