package dev.payhook.provider.types;

import dev.payhook.payment.EventType;
import dev.payhook.payment.WireName;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a type table says a provider's event type means: one of Payhook's event types, the
 * object's own status (for types whose outcome only the object knows, as a refund that succeeded
 * or failed), or nothing. A meaning is chosen here; the money rules decide what it does.
 */
public enum Action implements WireName {
    PAYMENT_SUCCEEDED(EventType.PAYMENT_SUCCEEDED),
    PAYMENT_FAILED(EventType.PAYMENT_FAILED),
    PAYMENT_PENDING(EventType.PAYMENT_PENDING),
    PAYMENT_CANCELED(EventType.PAYMENT_CANCELED),
    REFUND_SUCCEEDED(EventType.REFUND_SUCCEEDED),
    REFUND_FAILED(EventType.REFUND_FAILED),
    DISPUTE_OPENED(EventType.DISPUTE_OPENED),
    DISPUTE_WON(EventType.DISPUTE_WON),
    DISPUTE_LOST(EventType.DISPUTE_LOST),
    SUBSCRIPTION_ACTIVATED(EventType.SUBSCRIPTION_ACTIVATED),
    SUBSCRIPTION_UPDATED(EventType.SUBSCRIPTION_UPDATED),
    SUBSCRIPTION_PAST_DUE(EventType.SUBSCRIPTION_PAST_DUE),
    SUBSCRIPTION_PAUSED(EventType.SUBSCRIPTION_PAUSED),
    SUBSCRIPTION_RESUMED(EventType.SUBSCRIPTION_RESUMED),
    SUBSCRIPTION_CANCELED(EventType.SUBSCRIPTION_CANCELED),
    /** The object's status decides, among the outcomes its reader knows. */
    BY_STATUS(null),
    /** Kept as evidence, no effect: counted with the types no table lists. */
    IGNORE(null);

    private final EventType type;

    Action(EventType type) {
        this.type = type;
    }

    @Override
    public String wireName() {
        return type != null ? type.wireName() : name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The event type this action names outright; empty for {@link #BY_STATUS} and {@link #IGNORE}. */
    public Optional<EventType> type() {
        return Optional.ofNullable(type);
    }

    /** The type this action names, or {@code decided} (what the object's status says) for {@link #BY_STATUS}. */
    public EventType or(EventType decided) {
        return type != null ? type : decided;
    }

    /** The actions naming one of {@code types}. */
    public static Set<Action> of(EventType... types) {
        Set<EventType> wanted = Set.of(types);
        return Arrays.stream(values())
                .filter(a -> a.type != null && wanted.contains(a.type))
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Action.class)));
    }

    /** The actions naming one of {@code types}, and {@link #BY_STATUS}: the object's status picks among them. */
    public static Set<Action> decidedAmong(EventType... types) {
        Set<Action> actions = of(types);
        actions.add(BY_STATUS);
        return actions;
    }

    /** Every outcome of a payment. */
    public static Set<Action> paymentOutcomes() {
        return of(
                EventType.PAYMENT_SUCCEEDED,
                EventType.PAYMENT_FAILED,
                EventType.PAYMENT_PENDING,
                EventType.PAYMENT_CANCELED);
    }

    /** Every change of a subscription's status. */
    public static Set<Action> subscriptionChanges() {
        return of(
                EventType.SUBSCRIPTION_ACTIVATED,
                EventType.SUBSCRIPTION_UPDATED,
                EventType.SUBSCRIPTION_PAST_DUE,
                EventType.SUBSCRIPTION_PAUSED,
                EventType.SUBSCRIPTION_RESUMED,
                EventType.SUBSCRIPTION_CANCELED);
    }

    /** Every action's name, as a person picks one. */
    public static String names() {
        return Arrays.stream(values()).map(Action::wireName).collect(Collectors.joining(", "));
    }
}
