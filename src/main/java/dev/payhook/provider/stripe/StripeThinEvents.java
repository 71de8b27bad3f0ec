package dev.payhook.provider.stripe;

import dev.payhook.payment.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.ObjectRef;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Stripe's event notifications ("thin" events, https://docs.stripe.com/event-destinations#thin-events):
 * {@code object: "v2.core.event"}, the event's type and a {@code related_object} with its API
 * path, no data. The related object is fetched (docs/DESIGN.md §4.3) and read as the {@code
 * data.object} of the v1 event of the same type, so a thin {@code v1.payment_intent.succeeded}
 * means exactly what the full payload would.
 */
final class StripeThinEvents {

    /** The {@link dev.payhook.provider.Fact} kind of a fetched related object, as Stripe's API answered it. */
    static final String OBJECT = "related_object";

    static final String NOTIFICATION = "v2.core.event";
    /** Only Stripe's own API paths are fetched, whatever a notification says: no host, no query, no way up. */
    private static final Pattern API_PATH = Pattern.compile("/v[12]/[A-Za-z0-9_/-]{1,200}");

    private StripeThinEvents() {}

    static boolean isThin(JsonNode tree) {
        return NOTIFICATION.equals(WireJson.text(tree, "object"));
    }

    /** The related object to fetch; empty for a notification that is not thin or relates to no object. */
    static Optional<ObjectRef> named(WebhookRequest request) {
        JsonNode tree;
        try {
            tree = WireJson.tree(request.body());
        } catch (UnparseablePayload e) {
            return Optional.empty();
        }
        if (!isThin(tree)) {
            return Optional.empty();
        }
        JsonNode related = tree.path("related_object");
        String url = WireJson.text(related, "url");
        String id = WireJson.text(related, "id");
        if (id == null || url == null || !API_PATH.matcher(url).matches()) {
            return Optional.empty();
        }
        return Optional.of(new ObjectRef(WireJson.text(related, "type"), id, url));
    }

    /**
     * A thin notification Payhook does not fetch: one that relates to no object is an event Payhook
     * does not act on; one whose object is not at one of Stripe's API paths cannot be read.
     */
    static List<NormalizedEvent> unfetched(String provider, JsonNode tree) {
        if (tree.path("related_object").isObject()) {
            throw new UnparseablePayload("related_object.url is not one of Stripe's API paths");
        }
        return List.of(NormalizedEvent.builder(provider, WireJson.text(tree, "id"), WireJson.text(tree, "type"), null)
                .build(EventType.OTHER));
    }

    /** The v1 event the notification stands for: its id, type, time and account, the fetched object as its data. */
    static StripeEvent asEvent(JsonNode notification, JsonNode fetched) {
        String type = WireJson.require(WireJson.text(notification, "type"), "type");
        JsonNode live = notification.path("livemode");
        return new StripeEvent(
                WireJson.require(WireJson.text(notification, "id"), "id"),
                type.startsWith("v1.") ? type.substring(3) : type,
                created(WireJson.text(notification, "created")),
                live.isBoolean() ? live.asBoolean() : null,
                WireJson.text(notification, "context"),
                new StripeEvent.Data(fetched));
    }

    private static Long created(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text).getEpochSecond();
        } catch (DateTimeParseException e) {
            throw new UnparseablePayload("created is not an ISO 8601 instant");
        }
    }
}
