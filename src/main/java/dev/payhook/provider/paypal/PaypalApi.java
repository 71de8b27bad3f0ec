package dev.payhook.provider.paypal;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.EventFeed;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.WireJson;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * PayPal's REST API (JDK HttpClient, OAuth2 client credentials): the webhook event list is the
 * feed, the only way to learn of a payment whose webhooks never came, read by time from the newest
 * event seen; a capture Payhook knows is looked up by its id. PayPal cannot find a capture by the
 * merchant's order id: the feed does.
 */
record PaypalApi(String provider, String base, PaypalToken token, ApiCalls calls) implements ProviderApi, EventFeed {

    static final String CAPTURE = "paypal.capture";
    private static final String LIVE = "https://api-m.paypal.com";
    private static final String SANDBOX = "https://api-m.sandbox.paypal.com";
    private static final int PAGE = 300;
    /** A bound on the pages of one read, so a feed that keeps linking "next" cannot hold a run forever. */
    private static final int MAX_PAGES = 100;

    static PaypalApi create(ApiSetup setup, PaypalApiSettings settings) {
        String base = setup.baseUrl(settings.baseUrl(), SANDBOX, LIVE);
        return new PaypalApi(
                setup.provider(),
                base,
                new PaypalToken(base, settings.clientId(), settings.clientSecret(), setup.calls(), setup.clock()),
                setup.calls());
    }

    /** A capture by its id; a subscription's renewal (a v1 sale) is not one, and PayPal answers 404. */
    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        HttpResponse<byte[]> answer = get(
                "/v2/payments/captures/" + ApiCalls.encode(payment.paymentId()), "GET /v2/payments/captures/{id}", 404);
        return answer.statusCode() == 404 ? List.of() : List.of(new Fact(CAPTURE, answer.body()));
    }

    @Override
    public Optional<EventFeed> feed() {
        return Optional.of(this);
    }

    /**
     * PayPal lists events by time only: from the stored cursor (the newest creation time read;
     * the events of that very second come again and are duplicates), else from {@code since}.
     * The next pages are read from PayPal's "next" links, on the configured host only.
     */
    @Override
    public Page read(String cursor, Instant since) {
        Instant from = cursor != null ? Instant.parse(cursor) : since;
        Instant to = Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        String path = "/v1/notifications/webhooks-events?page_size=" + PAGE + "&end_time=" + to
                + (from == null ? "" : "&start_time=" + from.truncatedTo(ChronoUnit.SECONDS));
        List<Fact> events = new ArrayList<>();
        Instant newest = from;
        for (int page = 0; path != null && page < MAX_PAGES; page++) {
            WireJson.Listing list = WireJson.listing(
                    get(path, "GET /v1/notifications/webhooks-events").body(), "events");
            for (WireJson.Element event : list.elements()) {
                Instant created = created(event.tree());
                newest = newest == null || created.isAfter(newest) ? created : newest;
                events.add(new Fact(Fact.EVENT, event.bytes()));
            }
            path = next(list.rest());
        }
        return new Page(events, newest == null ? cursor : newest.toString());
    }

    private static Instant created(JsonNode event) {
        try {
            return Instant.parse(event.path("create_time").asString());
        } catch (DateTimeParseException e) {
            throw new ApiFailure("GET /v1/notifications/webhooks-events: malformed answer (create_time of "
                    + event.path("id").asString("?") + ")");
        }
    }

    /** The path and query of the answer's "next" link, asked of our own base URL. */
    private static String next(JsonNode list) {
        for (JsonNode link : list.path("links")) {
            if ("next".equals(link.path("rel").asString())) {
                URI href = URI.create(link.path("href").asString());
                return href.getRawPath() + (href.getRawQuery() == null ? "" : "?" + href.getRawQuery());
            }
        }
        return null;
    }

    @Override
    public Optional<Refunds> refunds() {
        return Optional.of(new PaypalRefunds(base, token, calls));
    }

    @Override
    public List<Fact> lookupSubscription(String providerSubscriptionId) {
        HttpResponse<byte[]> answer = get(
                "/v1/billing/subscriptions/" + ApiCalls.encode(providerSubscriptionId),
                "GET /v1/billing/subscriptions/{id}",
                404);
        return answer.statusCode() == 404
                ? List.of()
                : List.of(new Fact(PaypalSubscriptions.SUBSCRIPTION, answer.body()));
    }

    @Override
    public Reading read(Fact fact) {
        return switch (fact.kind()) {
            case PaypalRefunds.REFUND -> PaypalLookup.REFUND_OBJECT.read(provider, fact);
            case PaypalSubscriptions.SUBSCRIPTION -> PaypalSubscriptions.snapshot(provider, fact);
            default -> PaymentSnapshot.read(fact, PaypalApi.CAPTURE, tree -> PaypalLookup.snapshot(provider, tree));
        };
    }

    /** A GET with a token; one PayPal refuses (401: expired early, revoked) is dropped and a new one tried once. */
    private HttpResponse<byte[]> get(String path, String what, int... alsoAccepted) {
        String url = base + path;
        int[] orRefused = Arrays.copyOf(alsoAccepted, alsoAccepted.length + 1);
        orRefused[alsoAccepted.length] = 401;
        HttpResponse<byte[]> answer = calls.getJson(url, calls.retrying(token::get), what, orRefused);
        if (answer.statusCode() == 401) {
            token.forget();
            answer = calls.getJson(url, calls.retrying(token::get), what, alsoAccepted);
        }
        return answer;
    }
}
