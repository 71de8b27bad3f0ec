package dev.payhook.provider.dodo;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiKey;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.ListedRefunds;
import dev.payhook.provider.OrderRef;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.WireJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Dodo Payments' API (JDK HttpClient, bearer {@code api.key}): a payment by id, its refunds
 * included. Dodo's metadata is not searchable, so a payment of an order is found by reading the
 * newest payments' metadata, a bounded number of pages deep. Dodo has no event feed.
 */
record DodoApi(String provider, String base, String key, ApiCalls calls) implements ProviderApi {

    static final String PAYMENT = "dodo.payment";
    private static final String LIVE = "https://live.dodopayments.com";
    private static final String TEST = "https://test.dodopayments.com";
    private static final int PAGE = 100;
    /** How deep the newest payments are read for an order's payment: pending orders are recent. */
    private static final int PAGES = 5;

    static DodoApi create(ApiSetup setup, ApiKey settings) {
        String base = setup.baseUrl(settings.baseUrl(), TEST, LIVE);
        return new DodoApi(setup.provider(), base, settings.key().trim(), setup.calls());
    }

    @Override
    public List<Fact> lookupOrder(OrderRef order) {
        List<Fact> facts = new ArrayList<>();
        for (int page = 0; page < PAGES; page++) {
            JsonNode items = WireJson.tree(calls.getJson(
                                    base + "/payments?page_size=" + PAGE + "&page_number=" + page, key, "GET /payments")
                            .body())
                    .path("items");
            for (JsonNode item : items) {
                if (order.orderId().equals(WireJson.text(item.path("metadata"), "order_id"))) {
                    facts.addAll(payment(WireJson.text(item, "payment_id")));
                }
            }
            if (items.size() < PAGE) {
                break;
            }
        }
        return facts;
    }

    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        return payment(payment.paymentId());
    }

    /** The payment as Dodo holds it now; none when Dodo does not know the id. */
    private List<Fact> payment(String paymentId) {
        if (paymentId == null) {
            return List.of();
        }
        return calls.fetchedById(PAYMENT, base, "payments", paymentId, "Bearer " + key);
    }

    @Override
    public Optional<Refunds> refunds() {
        return Optional.of(new ListedRefunds(base, "Bearer " + key, calls, DodoRefunds.SPEC));
    }

    @Override
    public List<Fact> lookupSubscription(String providerSubscriptionId) {
        return calls.fetchedById(
                DodoSubscriptions.SUBSCRIPTION, base, "subscriptions", providerSubscriptionId, "Bearer " + key);
    }

    @Override
    public Reading read(Fact fact) {
        return switch (fact.kind()) {
            case DodoRefunds.REFUND -> DodoLookup.REFUND_OBJECT.read(provider, fact);
            case DodoSubscriptions.SUBSCRIPTION -> DodoSubscriptions.snapshot(provider, fact);
            default -> PaymentSnapshot.read(fact, DodoApi.PAYMENT, tree -> DodoLookup.snapshot(provider, tree));
        };
    }
}
