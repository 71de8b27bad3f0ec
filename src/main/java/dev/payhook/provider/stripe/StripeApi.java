package dev.payhook.provider.stripe;

import com.stripe.StripeClient;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.StripeException;
import com.stripe.net.ApiResource.RequestMethod;
import com.stripe.net.RawRequestOptions;
import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.ApiKey;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.EventFeed;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.ObjectRef;
import dev.payhook.provider.OrderRef;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Stripe's API through Stripe's own Java SDK (stripe-java), pointed at {@code api.base-url}: the
 * event list is the feed (refunds and disputes included), PaymentIntents found by the order id in
 * their metadata, or by id, with their refunds. Responses are taken raw, as evidence.
 */
record StripeApi(String provider, StripeClient stripe, ApiCalls calls) implements ProviderApi, EventFeed {

    static final String PAYMENT_INTENT = "stripe.payment_intent";
    private static final String API = "https://api.stripe.com";
    private static final int PAGE = 100;

    static StripeApi create(ApiSetup setup, ApiKey settings) {
        int timeout = Math.toIntExact(setup.calls().timeout().toMillis());
        StripeClient client = StripeClient.builder()
                .setApiKey(settings.key().trim())
                .setApiBase(setup.baseUrl(settings.baseUrl(), API, API))
                .setConnectTimeout(timeout)
                .setReadTimeout(timeout)
                .setMaxNetworkRetries(0) // ApiCalls retries, the same way for every setup.provider()
                .build();
        return new StripeApi(setup.provider(), client, setup.calls());
    }

    /** Search is eventually consistent: a payment made seconds ago may not be found yet. */
    @Override
    public List<Fact> lookupOrder(OrderRef order) {
        String query = "metadata['order_id']:'" + order.orderId().replace("'", "\\'") + "'";
        WireJson.Listing found = list("/v1/payment_intents/search?limit=" + PAGE + "&query=" + ApiCalls.encode(query));
        List<Fact> facts = new ArrayList<>();
        for (WireJson.Element intent : found.elements()) {
            facts.add(fact(intent.bytes(), intent.tree().path("id").asString(), null));
        }
        return facts;
    }

    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        if (!payment.paymentId().startsWith("pi_")) {
            return List.of(); // a charge without a PaymentIntent: only its events tell
        }
        String account = payment.connectedAccount();
        byte[] intent = get("/v1/payment_intents/" + ApiCalls.encode(payment.paymentId()), account);
        return List.of(fact(intent, payment.paymentId(), account));
    }

    /** The PaymentIntent and its refunds, asked of {@code account} (a connected one) when not null. */
    private Fact fact(byte[] intent, String id, String account) {
        byte[] refunds = get("/v1/refunds?limit=" + PAGE + "&payment_intent=" + ApiCalls.encode(id), account);
        return Fact.composite(
                PAYMENT_INTENT, new String[] {"payment_intent", "refunds"}, new byte[][] {intent, refunds});
    }

    /** Empty when Stripe does not know it (404). */
    @Override
    public List<Fact> lookupSubscription(String providerSubscriptionId) {
        byte[] answer = get(
                "/v1/subscriptions/" + ApiCalls.encode(providerSubscriptionId), null, StripeApi::checked, new byte[0]);
        return answer.length == 0 ? List.of() : List.of(new Fact(StripeSubscriptions.SUBSCRIPTION, answer));
    }

    @Override
    public Optional<EventFeed> feed() {
        return Optional.of(this);
    }

    /** Stripe lists the newest first; a page's last event is where the next, older page starts. */
    @Override
    public Page read(String cursor, Instant since) {
        long from = cursor != null ? Long.parseLong(cursor) : since == null ? 0 : since.getEpochSecond();
        long newest = cursor != null ? Long.parseLong(cursor) : from;
        List<Fact> events = new ArrayList<>();
        String after = null;
        boolean more = true;
        while (more) {
            WireJson.Listing page = list("/v1/events?limit=" + PAGE + "&created%5Bgte%5D=" + from
                    + (after == null ? "" : "&starting_after=" + ApiCalls.encode(after)));
            for (WireJson.Element event : page.elements()) {
                events.add(new Fact(Fact.EVENT, event.bytes()));
                newest = Math.max(newest, event.tree().path("created").asLong());
                after = event.tree().path("id").asString();
            }
            more = page.rest().path("has_more").asBoolean(false) && after != null;
        }
        return new Page(events, Long.toString(newest));
    }

    @Override
    public Optional<Refunds> refunds() {
        return Optional.of(new StripeRefunds(stripe, calls, this::list));
    }

    @Override
    public Reading read(Fact fact) {
        return switch (fact.kind()) {
            case StripeRefunds.REFUND -> StripeLookup.REFUND_OBJECT.read(provider, fact);
            case StripeSubscriptions.SUBSCRIPTION -> StripeSubscriptions.snapshot(provider, fact);
            default ->
                PaymentSnapshot.read(fact, StripeApi.PAYMENT_INTENT, tree -> StripeLookup.snapshot(provider, tree));
        };
    }

    /** A list answer read once: its elements' bytes as received. */
    private WireJson.Listing list(String path) {
        return list(path, null);
    }

    /** The same, asked of a connected account when {@code account} is not null. */
    private WireJson.Listing list(String path, String account) {
        return get(path, account, body -> WireJson.listing(body, "data"), null);
    }

    private byte[] get(String path, String account) {
        return get(path, account, StripeApi::checked, null);
    }

    /** {@code body}, once it read as JSON. */
    private static byte[] checked(byte[] body) {
        WireJson.tree(body);
        return body;
    }

    /**
     * The answer to {@code path}, asked of connected account {@code account} when not null, read
     * by {@code reading}, which throws {@link UnparseablePayload} for a malformed one;
     * {@code notFound} for a 404 when not null.
     */
    private <T> T get(String path, String account, Function<byte[], T> reading, T notFound) {
        return calls.retrying(() -> getOnce(path, account, reading, notFound));
    }

    /** {@link #get} tried once. */
    private <T> T getOnce(String path, String account, Function<byte[], T> reading, T notFound) {
        String what = "GET " + path.replaceAll("\\?.*", "");
        try {
            // a null account sends no Stripe-Account: the platform's own
            RawRequestOptions options =
                    RawRequestOptions.builder().setStripeAccount(account).build();
            return reading.apply(stripe.rawRequest(RequestMethod.GET, path, null, options)
                    .body()
                    .getBytes(StandardCharsets.UTF_8));
        } catch (UnparseablePayload e) {
            throw new ApiFailure(what + ": malformed answer (" + e.getMessage() + ")");
        } catch (ApiConnectionException e) {
            throw new ApiFailure(what + ": no answer (" + e.getClass().getSimpleName() + ")");
        } catch (StripeException e) {
            if (notFound != null && Integer.valueOf(404).equals(e.getStatusCode())) {
                return notFound;
            }
            throw new ApiFailure(what + ": HTTP " + e.getStatusCode() + (e.getCode() == null ? "" : " " + e.getCode()));
        } catch (RuntimeException e) {
            throw new ApiFailure(what + ": " + e.getClass().getSimpleName());
        }
    }

    /**
     * The object an event notification relates to, at the path Stripe gave for it (checked by
     * the format to be one of Stripe's API paths); empty when Stripe does not know it.
     */
    @Override
    public Optional<Fact> fetch(ObjectRef object) {
        byte[] answer = getOnce(object.path(), null, StripeApi::checked, new byte[0]);
        return answer.length == 0 ? Optional.empty() : Optional.of(new Fact(StripeThinEvents.OBJECT, answer));
    }
}
