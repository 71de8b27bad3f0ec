package dev.payhook.provider.esewa;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.OrderRef;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * eSewa's status API (ePay v2, no credential): {@code GET /api/epay/transaction/status/} by product
 * code, total amount and transaction uuid (our order id). It is the only proof of an eSewa payment:
 * asked when the payer's browser comes back, with the return's signed amount, and by the sweep for
 * a pending order, with the order's amount.
 */
record EsewaApi(String provider, String base, String productCode, ApiCalls calls, Clock clock) implements ProviderApi {

    static final String STATUS = "esewa.status";
    private static final String LIVE = "https://esewa.com.np";
    private static final String TEST = "https://rc.esewa.com.np";

    static EsewaApi create(ApiSetup setup, EsewaApiSettings settings) {
        String base = setup.baseUrl(settings.baseUrl(), TEST, LIVE);
        return new EsewaApi(setup.provider(), base, settings.productCode().trim(), setup.calls(), setup.clock());
    }

    @Override
    public List<Fact> lookupOrder(OrderRef order) {
        return "NPR".equals(order.currency()) ? status(order.orderId(), rupees(order.amountMinor())) : List.of();
    }

    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        return payment.amountMinor() == null || payment.orderId() == null
                ? List.of()
                : status(payment.orderId(), rupees(payment.amountMinor()));
    }

    /** Asked with the return's own signed amount, as written: what the payer paid, whatever the order says. */
    @Override
    public List<Fact> confirmReturn(WebhookRequest verifiedReturn) {
        Map<String, String> fields = EsewaFields.parse(verifiedReturn.body());
        return status(fields.get("transaction_uuid"), fields.get("total_amount"));
    }

    /** The transaction's status; none when eSewa knows no such transaction. */
    private List<Fact> status(String uuid, String amount) {
        String what = "GET /api/epay/transaction/status/";
        byte[] answer = calls.getJson(
                        base + "/api/epay/transaction/status/?product_code=" + encode(productCode) + "&total_amount="
                                + encode(amount) + "&transaction_uuid=" + encode(uuid),
                        null,
                        what)
                .body();
        JsonNode tree = WireJson.tree(answer);
        String status = tree.path("status").asString("");
        if (status.isEmpty()) {
            // eSewa's error answer ({"code":0,"error_message":..}) says nothing of the payment
            throw new ApiFailure(what + ": answered an error instead of a status");
        }
        if ("NOT_FOUND".equals(status)) {
            return List.of();
        }
        byte[] askedAt = WireJson.json(clock.instant().toString()).getBytes(StandardCharsets.UTF_8);
        return List.of(Fact.composite(STATUS, new String[] {"status", "asked_at"}, new byte[][] {answer, askedAt}));
    }

    @Override
    public Reading read(Fact fact) {
        return PaymentSnapshot.read(fact, EsewaApi.STATUS, tree -> EsewaLookup.snapshot(provider, tree));
    }

    private static String rupees(long paisa) {
        return BigDecimal.valueOf(paisa, 2).stripTrailingZeros().toPlainString();
    }

    private static String encode(String value) {
        if (value == null) {
            throw new UnparseablePayload("the return names no transaction or amount");
        }
        return ApiCalls.encode(value);
    }
}
