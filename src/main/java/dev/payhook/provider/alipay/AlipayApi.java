package dev.payhook.provider.alipay;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.OrderRef;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.RsaKeys;
import dev.payhook.provider.WireJson;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.time.Clock;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Alipay's open API (JDK HttpClient): {@code alipay.trade.query} and
 * {@code alipay.trade.fastpay.refund.query} by the merchant's {@code out_trade_no}, POSTed to the
 * gateway URL, each request signed RSA2 with {@code api.private-key}, each successful answer
 * verified with the provider's {@code public-keys} (the same keys as its notifications) before it
 * counts. Errors come in-band and change nothing.
 */
record AlipayApi(
        String provider,
        String gateway,
        String appId,
        PrivateKey key,
        AlipaySignature verifier,
        ApiCalls calls,
        Clock clock)
        implements ProviderApi {

    static final String TRADE = "alipay.trade";
    static final String QUERY = "alipay.trade.query";
    static final String REFUND_QUERY = "alipay.trade.fastpay.refund.query";
    private static final String LIVE = "https://openapi.alipay.com/gateway.do";
    private static final String SANDBOX = "https://openapi-sandbox.dl.alipaydev.com/gateway.do";
    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.of("Asia/Shanghai"));

    static AlipayApi create(ApiSetup setup, AlipayApiSettings settings) {
        if (!(setup.scheme() instanceof AlipaySignature alipay)) {
            throw new IllegalStateException("payhook.providers." + setup.provider()
                    + ".api needs the alipay-rsa2 setup.scheme(): its public keys verify the API's answers");
        }
        PrivateKey key =
                RsaKeys.privateKey(settings.privateKey(), "payhook.providers." + setup.provider() + ".api.private-key");
        String gateway = setup.baseUrl(settings.baseUrl(), SANDBOX, LIVE);
        return new AlipayApi(
                setup.provider(), gateway, settings.appId().trim(), key, alipay, setup.calls(), setup.clock());
    }

    /** The trade of {@code out_trade_no}, and the refund Alipay documents under the same number. */
    @Override
    public List<Fact> lookupOrder(OrderRef order) {
        return byOrderId(order.orderId());
    }

    private List<Fact> byOrderId(String orderId) {
        AlipayResponse trade = call(QUERY, Map.of("out_trade_no", orderId));
        if (!trade.succeeded()) {
            if ("ACQ.TRADE_NOT_EXIST".equals(trade.subCode())) {
                return List.of();
            }
            throw new ApiFailure(trade.error());
        }
        AlipayResponse refund = call(REFUND_QUERY, Map.of("out_trade_no", orderId, "out_request_no", orderId));
        if (!refund.succeeded()) {
            throw new ApiFailure(refund.error());
        }
        // Alipay's answers carry no time of their own for a trade still waiting: when it was asked
        byte[] askedAt = WireJson.json(clock.instant().toString()).getBytes(StandardCharsets.UTF_8);
        return List.of(Fact.composite(
                TRADE, new String[] {"trade", "refund", "asked_at"}, new byte[][] {trade.body(), refund.body(), askedAt
                }));
    }

    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        return payment.orderId() == null ? List.of() : byOrderId(payment.orderId());
    }

    @Override
    public Optional<Refunds> refunds() {
        return Optional.of(new AlipayRefunds(this::call, clock));
    }

    @Override
    public Reading read(Fact fact) {
        return AlipayRefunds.REFUND.equals(fact.kind())
                ? AlipayLookup.REFUND_OBJECT.read(provider, fact)
                : PaymentSnapshot.read(fact, AlipayApi.TRADE, tree -> AlipayLookup.snapshot(provider, tree));
    }

    private AlipayResponse call(String method, Map<String, String> biz) {
        return calls.retrying(() -> {
            Map<String, String> params = new TreeMap<>();
            params.put("app_id", appId);
            params.put("method", method);
            params.put("format", "JSON");
            params.put("charset", "utf-8");
            params.put("sign_type", "RSA2");
            params.put("timestamp", TIMESTAMP.format(clock.instant()));
            params.put("version", "1.0");
            params.put("biz_content", WireJson.json(biz));
            String content = params.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining("&"));
            params.put("sign", RsaKeys.sign(key, content.getBytes(StandardCharsets.UTF_8)));
            String form = params.entrySet().stream()
                    .map(e -> e.getKey() + "=" + ApiCalls.encode(e.getValue()))
                    .collect(Collectors.joining("&"));
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway))
                    .header("Content-Type", "application/x-www-form-urlencoded;charset=utf-8")
                    .POST(HttpRequest.BodyPublishers.ofString(form));
            AlipayResponse answer = AlipayResponse.parse(
                    method, ApiCalls.expect(calls.send(request, method), method).body());
            if (answer.succeeded() && !verifier.signedByAlipay(answer.signedContent(), answer.sign())) {
                throw new ApiFailure(method + ": the answer's signature does not verify with the public keys");
            }
            return answer;
        });
    }
}
