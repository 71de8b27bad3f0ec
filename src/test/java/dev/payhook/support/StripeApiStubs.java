package dev.payhook.support;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Stripe's API answers in Stripe's published format (fixtures under stripe/api), stubbed on {@link ApiStubs}. */
public final class StripeApiStubs {

    private StripeApiStubs() {}

    /** A PaymentIntent of the order that Stripe finds by search and by id, paid, without refunds. */
    public static void paid(String order, String pi, long amount, String currency) {
        String intent =
                intent(pi, order, amount, currency, "succeeded", Instant.now().minusSeconds(60));
        stubSearch(order, intent);
        stubPayment(pi, intent);
        stubRefunds(pi);
    }

    public static MappingBuilder searchFor(String order) {
        return get(urlPathEqualTo("/stripe/v1/payment_intents/search"))
                .withQueryParam("query", equalTo("metadata['order_id']:'" + order + "'"))
                .withHeader("Authorization", equalTo("Bearer " + ApiStubs.STRIPE_KEY));
    }

    public static StubMapping stubSearch(String order, String... intents) {
        return stub(
                searchFor(order),
                okJson(text(Fixtures.load("stripe/api/search.json", Map.of("data", String.join(",", intents))))));
    }

    public static StubMapping stubPayment(String pi, String intent) {
        return stub(get(urlPathEqualTo("/stripe/v1/payment_intents/" + pi)), okJson(intent));
    }

    public static StubMapping stubRefunds(String pi, String... refunds) {
        return stub(
                get(urlPathEqualTo("/stripe/v1/refunds")).withQueryParam("payment_intent", equalTo(pi)),
                okJson(list("/v1/refunds", refunds)));
    }

    public static StubMapping stub(MappingBuilder request, ResponseDefinitionBuilder response) {
        return ApiStubs.server().stubFor(request.willReturn(response));
    }

    public static String intent(String pi, String order, long amount, String status) {
        return intent(pi, order, amount, "eur", status, Instant.now().minusSeconds(300));
    }

    public static String intent(String pi, String order, long amount, String currency, String status, Instant created) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("payment_id", pi);
        v.put("order_id", order);
        v.put("amount", amount);
        v.put("amount_received", "succeeded".equals(status) ? amount : 0);
        v.put("currency", currency);
        v.put("created", created.getEpochSecond());
        v.put("status", status);
        return text(Fixtures.load("stripe/api/payment_intent.json", v));
    }

    public static String refund(String id, String pi, long amount, Instant created) {
        return refund(id, pi, amount, "usd", "succeeded", null, created);
    }

    /** A refund object in {@code status}; {@code reference} null: one Payhook did not ask for. */
    public static String refund(
            String id, String pi, long amount, String currency, String status, String reference, Instant created) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("refund_id", id);
        v.put("payment_id", pi);
        v.put("amount", amount);
        v.put("currency", currency.toLowerCase(java.util.Locale.ROOT));
        v.put("status", status);
        v.put("metadata", reference == null ? "{}" : "{\"payhook_refund_id\":\"" + reference + "\"}");
        v.put("created", created.getEpochSecond());
        return text(Fixtures.load("stripe/api/refund.json", v));
    }

    public static String list(String url, String... data) {
        return text(Fixtures.load(
                "stripe/api/list.json", Map.of("data", String.join(",", data), "has_more", false, "url", url)));
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
