package dev.payhook.provider.wechatpay;

import dev.payhook.provider.ApiCalls;
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
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * WeChat Pay API v3 (JDK HttpClient, requests signed and answers verified by {@link WechatPayHttp}):
 * the transaction of an {@code out_trade_no}, and refunds.
 */
record WechatPayApi(String provider, String base, WechatPayHttp http, ApiCalls calls, Clock clock)
        implements ProviderApi {

    static final String TRANSACTION = "wechatpay.transaction";
    private static final String API = "https://api.mch.weixin.qq.com";

    static WechatPayApi create(ApiSetup setup, WechatPayApiSettings settings) {
        PrivateKey key =
                RsaKeys.privateKey(settings.privateKey(), "payhook.providers." + setup.provider() + ".api.private-key");
        return new WechatPayApi(
                setup.provider(),
                setup.baseUrl(settings.baseUrl(), API, API),
                new WechatPayHttp(
                        setup.provider(),
                        settings.mchid().trim(),
                        settings.merchantSerial().trim(),
                        key,
                        setup.scheme(),
                        setup.clock()),
                setup.calls(),
                setup.clock());
    }

    /** None while the payer has not paid: WeChat Pay gives a transaction id only once there is money. */
    @Override
    public List<Fact> lookupOrder(OrderRef order) {
        return byOrderId(order.orderId());
    }

    private List<Fact> byOrderId(String orderId) {
        return transaction("/v3/pay/transactions/out-trade-no/" + ApiCalls.encode(orderId));
    }

    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        return payment.orderId() != null
                ? byOrderId(payment.orderId())
                : transaction("/v3/pay/transactions/id/" + ApiCalls.encode(payment.paymentId()));
    }

    @Override
    public Optional<Refunds> refunds() {
        return Optional.of(new WechatPayRefunds(base, http, calls));
    }

    @Override
    public Reading read(Fact fact) {
        return WechatPayRefunds.REFUND.equals(fact.kind())
                ? WechatPayLookup.REFUND_OBJECT.read(provider, fact)
                : PaymentSnapshot.read(
                        fact, WechatPayApi.TRANSACTION, tree -> WechatPayLookup.snapshot(provider, tree));
    }

    private List<Fact> transaction(String path) {
        String what = "GET " + path.replaceAll("/[^/]+$", "/{id}");
        HttpResponse<byte[]> answer = calls.retrying(() -> http.verified(
                ApiCalls.expect(
                        calls.send(
                                http.signed("GET", base + path + "?mchid=" + ApiCalls.encode(http.mchid()), ""), what),
                        what,
                        404),
                what));
        if (answer.statusCode() == 404 || WireJson.text(WireJson.tree(answer.body()), "transaction_id") == null) {
            return List.of();
        }
        byte[] askedAt = WireJson.json(clock.instant().toString()).getBytes(StandardCharsets.UTF_8);
        return List.of(Fact.composite(
                TRANSACTION, new String[] {"transaction", "asked_at"}, new byte[][] {answer.body(), askedAt}));
    }
}
