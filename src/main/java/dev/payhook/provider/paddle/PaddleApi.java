package dev.payhook.provider.paddle;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.ApiKey;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.EventFeed;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.ListedRefunds;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.WireJson;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Paddle Billing's API (JDK HttpClient, bearer {@code api.key}): the event list is the feed, read
 * in id order after the stored event id; a transaction Payhook knows is looked up with its
 * adjustments (refunds). Paddle cannot find a transaction by the merchant's order id: the feed does.
 */
record PaddleApi(String provider, String base, String key, ApiCalls calls) implements ProviderApi, EventFeed {

    static final String TRANSACTION = "paddle.transaction";
    private static final String LIVE = "https://api.paddle.com";
    private static final String SANDBOX = "https://sandbox-api.paddle.com";

    static PaddleApi create(ApiSetup setup, ApiKey settings) {
        String base = setup.baseUrl(settings.baseUrl(), SANDBOX, LIVE);
        return new PaddleApi(setup.provider(), base, settings.key().trim(), setup.calls());
    }

    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        String id = payment.paymentId();
        if (!id.startsWith("txn_")) {
            return List.of();
        }
        byte[] transaction = get("/transactions/" + ApiCalls.encode(id), "GET /transactions/{id}");
        byte[] adjustments = get("/adjustments?transaction_id=" + ApiCalls.encode(id), "GET /adjustments");
        return List.of(Fact.composite(
                TRANSACTION, new String[] {"transaction", "adjustments"}, new byte[][] {transaction, adjustments}));
    }

    @Override
    public List<Fact> lookupSubscription(String providerSubscriptionId) {
        return calls.fetchedById(
                PaddleSubscriptions.SUBSCRIPTION, base, "subscriptions", providerSubscriptionId, "Bearer " + key);
    }

    @Override
    public Optional<EventFeed> feed() {
        return Optional.of(this);
    }

    /**
     * Paddle filters events by nothing but position: with no cursor, {@code since} is honoured by
     * reading from the oldest event Paddle retains and skipping those that occurred before it.
     */
    @Override
    public Page read(String cursor, Instant since) {
        List<Fact> events = new ArrayList<>();
        String after = cursor;
        boolean more = true;
        while (more) {
            WireJson.Listing page = WireJson.listing(
                    get(
                            "/events?order_by=id%5BASC%5D&per_page=200"
                                    + (after == null ? "" : "&after=" + ApiCalls.encode(after)),
                            "GET /events"),
                    "data");
            for (WireJson.Element event : page.elements()) {
                after = event.tree().path("event_id").asString();
                Instant occurred = occurredAt(event.tree());
                if (cursor != null || since == null || !occurred.isBefore(since)) {
                    events.add(new Fact(Fact.EVENT, event.bytes()));
                }
            }
            more = page.rest().path("meta").path("pagination").path("has_more").asBoolean(false)
                    && !page.elements().isEmpty();
        }
        return new Page(events, after);
    }

    private static Instant occurredAt(JsonNode event) {
        try {
            return Instant.parse(event.path("occurred_at").asString());
        } catch (DateTimeParseException e) {
            throw new ApiFailure("GET /events: malformed answer (occurred_at of " + event.path("event_id") + ")");
        }
    }

    @Override
    public Optional<Refunds> refunds() {
        return Optional.of(new ListedRefunds(base, "Bearer " + key, calls, PaddleRefunds.SPEC));
    }

    @Override
    public Reading read(Fact fact) {
        return switch (fact.kind()) {
            case PaddleRefunds.REFUND -> PaddleLookup.REFUND_OBJECT.read(provider, fact);
            case PaddleSubscriptions.SUBSCRIPTION -> PaddleSubscriptions.snapshot(provider, fact);
            default -> PaymentSnapshot.read(fact, PaddleApi.TRANSACTION, tree -> PaddleLookup.snapshot(provider, tree));
        };
    }

    private byte[] get(String path, String what) {
        return calls.getJson(base + path, key, what).body();
    }
}
