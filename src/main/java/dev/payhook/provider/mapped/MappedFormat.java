package dev.payhook.provider.mapped;

import dev.payhook.config.SetupFailure;
import dev.payhook.payment.EventType;
import dev.payhook.provider.EventFormat;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.Meanings;
import dev.payhook.provider.types.Reader;
import dev.payhook.provider.types.TypeTable;
import dev.payhook.provider.types.TypeTables;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;

/**
 * A sender Payhook has no Java for, read through its {@link Mapping}: JSON pointers into the raw
 * body, a table of its type names. A sender of a known scheme is added with configuration and one
 * templated route file.
 */
public final class MappedFormat implements EventFormat {

    /** A provider's format: checks its mapping at start-up and compiles its pointers once. */
    public static EventFormat create(TypeTables tables, String provider, Mapping settings) {
        String prefix = "payhook.providers." + provider + ".mapping.";
        Map<String, String> configured = settings.getMapping().getTypes();
        Optional<TypeTable> file = tables.own(provider);
        if (!configured.isEmpty() && file.isPresent()) {
            throw new SetupFailure(
                    prefix + "types and " + file.get().source() + " both say what " + provider + "'s types mean",
                    "keep one of the two");
        }
        TypeTable table = file.orElseGet(() -> TypeTable.of(prefix + "types", configured));
        if (table.entries().isEmpty()) {
            throw new SetupFailure(
                    prefix + "types: no type of the sender is named",
                    "name at least one, there or in routes/types/" + provider + ".yaml");
        }
        return new MappedFormat(prefix, settings.getMapping(), new Meanings<>(provider, table, READERS));
    }

    /** The one reader: the sender's payload through the mapping's pointers. */
    private record Notification(MappedFormat format, String provider, String id, JsonNode tree, String senderType) {}

    // a subscription's state needs its id, status and period, which a mapping does not name
    private static final Map<String, Reader<Notification>> READERS = Map.of(
            TypeTable.MAPPING,
            Reader.one(
                    Action.of(
                            EventType.PAYMENT_SUCCEEDED,
                            EventType.PAYMENT_FAILED,
                            EventType.PAYMENT_PENDING,
                            EventType.PAYMENT_CANCELED,
                            EventType.REFUND_SUCCEEDED,
                            EventType.REFUND_FAILED,
                            EventType.DISPUTE_OPENED,
                            EventType.DISPUTE_WON,
                            EventType.DISPUTE_LOST),
                    (n, action) -> n.format().event(n, action.or(EventType.OTHER))));

    private static final String HEADER = "header:";

    private final String eventIdHeader;
    private final JsonPointer eventId;
    private final JsonPointer eventType;
    private final Meanings<Notification> meanings;
    private final JsonPointer orderId;
    private final JsonPointer paymentId;
    private final JsonPointer refundId;
    private final JsonPointer amount;
    private final Mapping.AmountUnit amountUnit;
    private final JsonPointer currency;
    private final JsonPointer occurredAt;

    private MappedFormat(String prefix, Mapping.Fields m, Meanings<Notification> meanings) {
        this.meanings = meanings;
        String id = required(prefix, "event-id", m.getEventId());
        this.eventIdHeader =
                id.startsWith(HEADER) ? id.substring(HEADER.length()).trim().toLowerCase(Locale.ROOT) : null;
        this.eventId = eventIdHeader == null ? pointer(prefix, "event-id", id) : null;
        this.eventType = pointer(prefix, "event-type", required(prefix, "event-type", m.getEventType()));
        this.orderId = optionalPointer(prefix, "order-id", m.getOrderId());
        this.paymentId = pointer(prefix, "payment-id", required(prefix, "payment-id", m.getPaymentId()));
        this.refundId = optionalPointer(prefix, "refund-id", m.getRefundId());
        this.amount = optionalPointer(prefix, "amount", m.getAmount());
        this.amountUnit = m.getAmountUnit();
        this.currency = optionalPointer(prefix, "currency", m.getCurrency());
        if (amount != null && currency == null) {
            throw new IllegalStateException(prefix + "currency: required with amount");
        }
        this.occurredAt = pointer(prefix, "occurred-at", required(prefix, "occurred-at", m.getOccurredAt()));
    }

    @Override
    public Set<String> headerNames() {
        return eventIdHeader == null ? Set.of() : Set.of(eventIdHeader);
    }

    @Override
    public Reading read(WebhookRequest request) {
        String headerId = eventIdHeader == null ? null : request.header(eventIdHeader);
        JsonNode tree;
        try {
            tree = WireJson.tree(request.body());
        } catch (UnparseablePayload e) {
            return Reading.failed(headerId, e);
        }
        String id = eventIdHeader != null ? headerId : text(tree, eventId);
        return Reading.of(id, () -> {
            String senderType = WireJson.require(text(tree, eventType), "event type");
            Notification n = new Notification(this, request.provider(), id, tree, senderType);
            return meanings.events(senderType, n, () -> builder(n).build(EventType.OTHER));
        });
    }

    private NormalizedEvent.Builder builder(Notification n) {
        return NormalizedEvent.builder(
                n.provider(), n.id(), n.senderType(), time(n.tree().at(occurredAt)));
    }

    private NormalizedEvent event(Notification n, EventType type) {
        JsonNode tree = n.tree();
        NormalizedEvent.Builder b = builder(n);
        b.payment(text(tree, paymentId)).order(text(tree, orderId)).refund(text(tree, refundId));
        JsonNode value = amount == null ? null : tree.at(amount);
        if (value != null && !value.isMissingNode() && !value.isNull()) {
            String code = WireJson.require(text(tree, currency), "currency");
            b.amount(minorUnits(value, code), code);
        }
        return b.build(type);
    }

    private long minorUnits(JsonNode value, String code) {
        if (amountUnit == Mapping.AmountUnit.decimal) {
            return Money.fromMajor(value.isValueNode() ? value.asString() : null, code);
        }
        if (value.isIntegralNumber() && value.canConvertToLong() && value.longValue() >= 0) {
            return value.longValue();
        }
        return Money.fromMinorString(value.isString() ? value.asString() : null);
    }

    /** ISO-8601 with an offset, or epoch seconds as a number or a string of digits. */
    private static Instant time(JsonNode value) {
        if (value.isIntegralNumber() && value.canConvertToLong()) {
            return Instant.ofEpochSecond(value.longValue());
        }
        String text = value.isString() ? value.asString().trim() : null;
        if (text != null && text.matches("[0-9]{1,12}")) {
            return Instant.ofEpochSecond(Long.parseLong(text));
        }
        return WireJson.offsetTime(text, "occurred-at");
    }

    private static String text(JsonNode tree, JsonPointer pointer) {
        if (pointer == null) {
            return null;
        }
        JsonNode node = tree.at(pointer);
        return node.isString() || node.isNumber() ? node.asString() : null;
    }

    private static String required(String prefix, String field, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(prefix + field + " is required");
        }
        return value.trim();
    }

    private static JsonPointer optionalPointer(String prefix, String field, String value) {
        return value == null || value.isBlank() ? null : pointer(prefix, field, value.trim());
    }

    private static JsonPointer pointer(String prefix, String field, String value) {
        try {
            if (!value.startsWith("/")) {
                throw new IllegalArgumentException("does not start with /");
            }
            return JsonPointer.compile(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(prefix + field + ": '" + value + "' is not a JSON pointer (/data/id)");
        }
    }
}
