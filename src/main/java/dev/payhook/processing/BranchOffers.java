package dev.payhook.processing;

import dev.payhook.broker.Envelope;
import dev.payhook.broker.MessageKeys;
import dev.payhook.config.Branches;
import dev.payhook.outbox.OrderEvents;
import dev.payhook.outbox.Published;
import dev.payhook.provider.NormalizedEvent;
import java.nio.charset.StandardCharsets;
import org.apache.camel.Body;
import org.apache.camel.ExchangeProperty;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A provider event that an integrator's branch asked for ({@code payhook.branches}), written to
 * the outbox in the event's own transaction: published on payhook.events as {@code
 * <provider>:<type>} once its effects committed, never before, never for an event that was rolled
 * back or was a duplicate. An event no branch asks for costs nothing here.
 */
@Component
public class BranchOffers {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Branches branches;
    private final OrderEvents events;

    public BranchOffers(Branches branches, OrderEvents events) {
        this.branches = branches;
        this.events = events;
    }

    /** Facts the reconciler pulled are not the provider's events: only what it sent is offered. */
    public void offer(@Body NormalizedEvent e, @ExchangeProperty(Evidence.ENVELOPE) Envelope envelope) {
        if (!branches.want(e.provider(), e.providerType()) || envelope.pulled()) {
            return;
        }
        events.publish(
                Branches.kind(e.provider(), e.providerType()),
                MessageKeys.branch(e.provider(), e.eventId()),
                new Published.BranchOffer(
                        e.provider(),
                        e.providerType(),
                        e.eventId(),
                        envelope.receivedAt().toString(),
                        raw(envelope.body()),
                        reading(e)));
    }

    /** The event in Payhook's terms, as published on payhook.events. */
    static Published.Reading reading(NormalizedEvent e) {
        return new Published.Reading(
                e.provider(),
                e.eventId(),
                e.type().wireName(),
                e.occurredAt().toString(),
                e.providerPaymentId(),
                e.orderId(),
                e.amountMinor(),
                e.currency(),
                e.refundId(),
                e.subscriptionId());
    }

    /** The bytes the provider sent: as JSON when they are JSON, else as text. */
    private static Object raw(byte[] body) {
        try {
            JsonNode tree = JSON.readTree(body);
            if (tree != null && !tree.isMissingNode() && (tree.isObject() || tree.isArray())) {
                return tree;
            }
        } catch (JacksonException e) {
            // a form or an XML body: its text
        }
        return new String(body, StandardCharsets.UTF_8);
    }
}
