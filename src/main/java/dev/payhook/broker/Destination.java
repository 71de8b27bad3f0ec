package dev.payhook.broker;

import java.util.Locale;

/**
 * Every broker address Payhook uses, named once. Java uses these constants; the YAML routes and
 * the embedded broker's settings use the same names through the properties
 * {@code payhook.destination.<name>} ({@link DestinationProperties}).
 */
public enum Destination {
    /** Accepted webhooks, persisted before the provider is answered. */
    INBOUND("payhook.inbound", false),
    /** A copy of each open dead letter. */
    DLQ("payhook.dlq", false),
    /** Anomalies for ops. */
    ALERTS("payhook.alerts", false),
    /** Receipts and refund requests for the merchant. */
    NOTIFICATIONS("payhook.notifications", false),
    /** Normalized events and order events for the merchant's consumers. */
    EVENTS("payhook.events", true),
    /** Messages a merchant's HTTP endpoint did not take within its retry schedule, kept for replay. */
    DELIVERIES_FAILED("payhook.deliveries.failed", false);

    private final String address;
    private final boolean topic;

    Destination(String address, boolean topic) {
        this.address = address;
        this.topic = topic;
    }

    public String address() {
        return address;
    }

    public boolean isTopic() {
        return topic;
    }

    /** The property that carries the address into YAML: {@code payhook.destination.inbound}. */
    public String property() {
        return "payhook.destination." + name().toLowerCase(Locale.ROOT);
    }

    /** The destination at {@code address}, as the outbox stores it. */
    public static Destination ofAddress(String address) {
        for (Destination d : values()) {
            if (d.address.equals(address)) {
                return d;
            }
        }
        throw new IllegalArgumentException("no destination " + address);
    }

    /** A Camel JMS endpoint URI for it, with {@code options} appended. */
    public String uri(String options) {
        return "jms:" + (topic ? "topic:" : "queue:") + address + (options.isEmpty() ? "" : "?" + options);
    }
}
