package dev.payhook.provider.khalti;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Khalti's merchant API ({@code Authorization: Key <secret>}): {@code POST /v2/epayment/lookup/}
 * by {@code pidx}, after a return and from the sweep, and the refund of a transaction. The lookup
 * answer names neither the order nor a time, so each fact keeps beside it what was asked: the pidx
 * and the order the return named, which the answer must match by pidx.
 */
record KhaltiApi(String provider, Lookup lookup) implements ProviderApi {

    static final String CURRENCY = "NPR";
    static final String ANSWER = "khalti.lookup";
    static final String LOOKUP = "POST /v2/epayment/lookup/";
    private static final String LIVE = "https://khalti.com/api";
    private static final String SANDBOX = "https://dev.khalti.com/api";

    static KhaltiApi create(ApiSetup setup, KhaltiApiSettings settings) {
        String base = setup.baseUrl(settings.baseUrl(), SANDBOX, LIVE);
        return new KhaltiApi(
                setup.provider(), new Lookup(base, "Key " + settings.secretKey().trim(), setup.calls(), setup.clock()));
    }

    /** One lookup by pidx: the answer with what was asked, or nothing when Khalti does not know the pidx. */
    record Lookup(String base, String authorization, ApiCalls calls, Clock clock) {

        Optional<Fact> once(String kind, String pidx, Map<String, String> asked) {
            HttpResponse<byte[]> answer = ApiCalls.expect(
                    calls.postAuthorized(base + "/v2/epayment/lookup/", authorization, Map.of("pidx", pidx), LOOKUP),
                    LOOKUP,
                    404);
            if (answer.statusCode() == 404) {
                return Optional.empty();
            }
            try {
                WireJson.tree(answer.body());
            } catch (UnparseablePayload e) {
                throw new ApiFailure(LOOKUP + ": malformed answer");
            }
            Map<String, String> question = new LinkedHashMap<>();
            question.put("pidx", pidx);
            question.putAll(asked);
            question.put("asked_at", clock.instant().toString());
            byte[] askedJson = WireJson.json(question).getBytes(StandardCharsets.UTF_8);
            return Optional.of(
                    Fact.composite(kind, new String[] {"answer", "asked"}, new byte[][] {answer.body(), askedJson}));
        }
    }

    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        return ask(payment.paymentId(), payment.orderId());
    }

    @Override
    public List<Fact> confirmReturn(WebhookRequest verifiedReturn) {
        KhaltiReturn back = KhaltiReturn.parse(verifiedReturn.body());
        return ask(back.pidx(), back.orderId());
    }

    private List<Fact> ask(String pidx, String orderId) {
        Map<String, String> asked = new LinkedHashMap<>();
        asked.put("order_id", orderId);
        return lookup.calls()
                .retrying(() -> lookup.once(ANSWER, pidx, asked))
                .map(List::of)
                .orElse(List.of());
    }

    @Override
    public Optional<Refunds> refunds() {
        return Optional.of(new KhaltiRefunds(lookup));
    }

    @Override
    public Reading read(Fact fact) {
        return KhaltiRefunds.REFUND.equals(fact.kind())
                ? KhaltiLookup.REFUND_OBJECT.read(provider, fact)
                : PaymentSnapshot.read(fact, KhaltiApi.ANSWER, tree -> KhaltiLookup.snapshot(provider, tree));
    }
}
