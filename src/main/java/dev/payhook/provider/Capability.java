package dev.payhook.provider;

/**
 * What Payhook can ask of a provider's API, as its declaration says. The reconciler, the refund
 * requests and docs/providers.md read these, never the API client's class.
 */
public enum Capability {
    /** A payment found by the merchant's order id alone. */
    FINDS_ORDERS("finds a payment by your order id"),
    /** A payment Payhook recorded, asked about by the provider's id. */
    CHECKS_PAYMENTS("checks a payment by its id"),
    /** A subscription Payhook follows, asked about by the provider's id. */
    CHECKS_SUBSCRIPTIONS("checks a subscription by its id"),
    /** An event feed the daily run reads over {@code lookback}. */
    READS_FEED("reads the event feed"),
    /** Money given back through the provider's refund API. */
    REFUNDS("refunds a whole payment"),
    /** Part of a payment given back. */
    REFUNDS_PART("refunds part of a payment");

    private final String words;

    Capability(String words) {
        this.words = words;
    }

    /** How docs/providers.md says it. */
    public String words() {
        return words;
    }
}
