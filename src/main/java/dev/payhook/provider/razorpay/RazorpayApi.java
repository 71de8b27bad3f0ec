package dev.payhook.provider.razorpay;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.ListedRefunds;
import dev.payhook.provider.OrderRef;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Razorpay's API (basic authentication with the key id and secret; one host, the key decides test
 * or live). An order is found by its {@code receipt}, which the merchant sets to the order id when
 * creating the Razorpay order, and its payments read from there; a payment is read by id. Each fact
 * is the payment with the Razorpay order it belongs to, which names the merchant's order when the
 * payment's notes do not.
 */
record RazorpayApi(String provider, String base, String basic, ApiCalls calls) implements ProviderApi {

    static final String PAYMENT = "razorpay.payment";
    private static final String HOST = "https://api.razorpay.com";
    private static final byte[] NONE = "null".getBytes(StandardCharsets.UTF_8);

    static RazorpayApi create(ApiSetup setup, RazorpayApiSettings settings) {
        String base = setup.baseUrl(settings.baseUrl(), HOST, HOST);
        String basic = "Basic "
                + Base64.getEncoder()
                        .encodeToString((settings.keyId().trim() + ":"
                                        + settings.keySecret().trim())
                                .getBytes(StandardCharsets.UTF_8));
        return new RazorpayApi(setup.provider(), base, basic, setup.calls());
    }

    @Override
    public List<Fact> lookupOrder(OrderRef order) {
        List<Fact> facts = new ArrayList<>();
        byte[] orders = get("/v1/orders?receipt=" + ApiCalls.encode(order.orderId()), "GET /v1/orders")
                .body();
        for (WireJson.Element razorpayOrder : listing(orders, "GET /v1/orders")) {
            String id = WireJson.require(WireJson.text(razorpayOrder.tree(), "id"), "order id");
            byte[] payments = get("/v1/orders/" + ApiCalls.encode(id) + "/payments", "GET /v1/orders/{id}/payments")
                    .body();
            for (WireJson.Element payment : listing(payments, "GET /v1/orders/{id}/payments")) {
                facts.add(fact(payment.bytes(), razorpayOrder.bytes()));
            }
        }
        return facts;
    }

    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        HttpResponse<byte[]> answer =
                get("/v1/payments/" + ApiCalls.encode(payment.paymentId()), "GET /v1/payments/{id}", 400, 404);
        if (answer.statusCode() != 200) {
            // Razorpay answers an id it does not know with 400 BAD_REQUEST_ERROR, "does not exist"
            return List.of();
        }
        JsonNode tree = WireJson.tree(answer.body());
        String razorpayOrder = WireJson.text(tree, "order_id");
        byte[] order = NONE;
        if (RazorpayFormat.orderId(tree.path("notes")) == null && razorpayOrder != null) {
            order = get("/v1/orders/" + ApiCalls.encode(razorpayOrder), "GET /v1/orders/{id}")
                    .body();
        }
        return List.of(fact(answer.body(), order));
    }

    /** A collection's items, as Razorpay lists entities. */
    private static List<WireJson.Element> listing(byte[] collection, String what) {
        try {
            return WireJson.listing(collection, "items").elements();
        } catch (UnparseablePayload e) {
            throw new ApiFailure(what + ": malformed answer (" + e.getMessage() + ")");
        }
    }

    private static Fact fact(byte[] payment, byte[] order) {
        return Fact.composite(PAYMENT, new String[] {"payment", "order"}, new byte[][] {payment, order});
    }

    @Override
    public Optional<Refunds> refunds() {
        return Optional.of(new ListedRefunds(base, basic, calls, RazorpayRefunds.SPEC));
    }

    @Override
    public Reading read(Fact fact) {
        return RazorpayRefunds.REFUND.equals(fact.kind())
                ? RazorpayLookup.REFUND_OBJECT.read(provider, fact)
                : PaymentSnapshot.read(fact, RazorpayApi.PAYMENT, tree -> RazorpayLookup.snapshot(provider, tree));
    }

    private HttpResponse<byte[]> get(String path, String what, int... alsoAccepted) {
        return calls.getAuthorized(base + path, basic, what, alsoAccepted);
    }
}
