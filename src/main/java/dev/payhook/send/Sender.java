package dev.payhook.send;

import java.util.Map;

/** How one provider scheme's events are built and signed for {@code send}. */
interface Sender {

    /**
     * Which senders it imitates: the {@code scheme} setting's value, the folder under
     * {@code samples/} that holds their events, and the currency those default to.
     */
    record Scheme(String name, String kind, String currency) {}

    Scheme scheme();

    default String kind() {
        return scheme().kind();
    }

    default String currency() {
        return scheme().currency();
    }

    /** Whether the gateway keeps the event id {@code send} chose (else its receipts are found by order). */
    default boolean keepsEventId() {
        return true;
    }

    /** The provider's id of the payment of {@code orderId}: the same for each event about that order. */
    default String paymentId(String orderId) {
        return "pay_" + orderId;
    }

    /** The values only this provider's samples name, added to the shared ones before filling. */
    default void addValues(Map<String, Object> values, ProviderKeys keys) {}

    /** The request as the provider makes it: {@code filled} is the sample with its values in. */
    TestRequest request(String type, String filled, Map<String, Object> values, ProviderKeys keys);

    /**
     * A body of one's own ({@code send --body}), signed as the provider signs what it sends. Most
     * sign the whole body, as they sign a sample; a provider whose signature sits inside the body
     * signs it there.
     */
    default TestRequest ownBody(String type, String body, Map<String, Object> values, ProviderKeys keys) {
        return request(type, body, values, keys);
    }

    static Sender forScheme(String scheme) {
        for (Sender[] family : new Sender[][] {HmacSenders.values(), KeySenders.values(), ReturnSenders.values()}) {
            for (Sender s : family) {
                if (s.scheme().name().equals(scheme)) {
                    return s;
                }
            }
        }
        return null;
    }
}
