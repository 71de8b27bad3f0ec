package dev.payhook.broker;

/**
 * The keys of the messages a provider event makes on payhook.events (the outbox's dedupe key, sent
 * as PayhookKey and webhook-id): the same however often the event is delivered, and how the Flow
 * page finds an event's messages.
 */
public final class MessageKeys {

    /** Payhook's reading of an applied event ({@code payment.succeeded}, ...). */
    public static final String READING = "event:";

    /** The copy offered to the integrators' branches ({@code <provider>:<type>}). */
    public static final String BRANCH = "provider-event:";

    private MessageKeys() {}

    public static String reading(String provider, String eventId) {
        return READING + provider + ":" + eventId;
    }

    public static String branch(String provider, String eventId) {
        return BRANCH + provider + ":" + eventId;
    }
}
