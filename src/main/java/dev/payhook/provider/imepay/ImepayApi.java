package dev.payhook.provider.imepay;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * IME Pay's merchant API (basic authentication, the module name base64 in {@code Module}): after a
 * return that says paid, {@code POST /api/Web/Confirm} with the return's transaction; otherwise,
 * and from the sweep, {@code POST /api/Web/Recheck} by order id and token. Neither answer carries
 * an amount, so the fact keeps the amount asked about beside IME Pay's answer.
 */
record ImepayApi(
        String provider, String base, String merchantCode, String basic, String module, ApiCalls calls, Clock clock)
        implements ProviderApi {

    static final String ANSWER = "imepay.answer";
    private static final String LIVE = "https://payment.imepay.com.np:7979";
    private static final String TEST = "https://stg.imepay.com.np:7979";

    static ImepayApi create(ApiSetup setup, ImepayApiSettings settings) {
        String base = setup.baseUrl(settings.baseUrl(), TEST, LIVE);
        Base64.Encoder b64 = Base64.getEncoder();
        String basic = b64.encodeToString(
                (settings.username().trim() + ":" + settings.password().trim()).getBytes(StandardCharsets.UTF_8));
        String module = b64.encodeToString(settings.module().trim().getBytes(StandardCharsets.UTF_8));
        return new ImepayApi(
                setup.provider(), base, settings.merchantCode().trim(), basic, module, setup.calls(), setup.clock());
    }

    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        if (payment.orderId() == null || payment.amountMinor() == null) {
            return List.of();
        }
        String amount = BigDecimal.valueOf(payment.amountMinor(), 2).toPlainString();
        return recheck(payment.orderId(), payment.paymentId(), amount);
    }

    @Override
    public List<Fact> confirmReturn(WebhookRequest verifiedReturn) {
        ImepayReturn back = ImepayReturn.parse(verifiedReturn.body());
        if (!back.saysPaid()) {
            return recheck(back.refId(), back.tokenId(), back.amount());
        }
        Map<String, String> body = new LinkedHashMap<>();
        body.put("MerchantCode", merchantCode);
        body.put("RefId", back.refId());
        body.put("TokenId", back.tokenId());
        body.put("TransactionId", back.transactionId());
        body.put("Msisdn", back.msisdn());
        return answer("/api/Web/Confirm", body, back.refId(), back.tokenId(), back.amount());
    }

    private List<Fact> recheck(String refId, String tokenId, String amount) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("MerchantCode", merchantCode);
        body.put("RefId", refId);
        body.put("TokenId", tokenId);
        return answer("/api/Web/Recheck", body, refId, tokenId, amount);
    }

    /** IME Pay's answer, and what it was asked about: the answer names no amount of its own. */
    private List<Fact> answer(String path, Map<String, String> body, String refId, String tokenId, String amount) {
        String what = "POST " + path;
        byte[] answer = calls.retrying(() -> {
            byte[] bytes = ApiCalls.expect(
                            calls.send(
                                    HttpRequest.newBuilder(URI.create(base + path))
                                            .header("Authorization", "Basic " + basic)
                                            .header("Module", module)
                                            .header("Content-Type", "application/json")
                                            .header("Accept", "application/json")
                                            .POST(HttpRequest.BodyPublishers.ofString(WireJson.json(body))),
                                    what),
                            what)
                    .body();
            try {
                WireJson.tree(bytes);
            } catch (UnparseablePayload e) {
                throw new ApiFailure(what + ": malformed answer");
            }
            return bytes;
        });
        Map<String, String> asked = new LinkedHashMap<>();
        asked.put("ref_id", refId);
        asked.put("token_id", tokenId);
        asked.put("amount", amount);
        asked.put("asked_at", clock.instant().toString());
        byte[] askedJson = WireJson.json(asked).getBytes(StandardCharsets.UTF_8);
        return List.of(Fact.composite(ANSWER, new String[] {"answer", "asked"}, new byte[][] {answer, askedJson}));
    }

    @Override
    public Reading read(Fact fact) {
        return PaymentSnapshot.read(fact, ImepayApi.ANSWER, tree -> ImepayLookup.snapshot(provider, tree));
    }
}
