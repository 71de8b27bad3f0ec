package dev.payhook.provider.wechatpay;

import dev.payhook.config.ProviderProperties;
import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.OrderRef;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.RsaKeys;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * WeChat Pay API v3 (JDK HttpClient): the transaction of an {@code out_trade_no}. Each request is
 * signed WECHATPAY2-SHA256-RSA2048 with the merchant's key over the path as sent; each answer must
 * verify with the platform keys (the provider's scheme, as for notifications) before it counts.
 */
public class WechatPayApi implements ApiFactory<WechatPayApiSettings> {

    static final String TRANSACTION = "wechatpay.transaction";
    private static final String API = "https://api.mch.weixin.qq.com";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Clock clock;

    public WechatPayApi(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String name() {
        return "wechatpay";
    }

    @Override
    public Class<WechatPayApiSettings> settings() {
        return WechatPayApiSettings.class;
    }

    @Override
    public ProviderApi create(
            String provider,
            WechatPayApiSettings settings,
            ProviderProperties.Mode mode,
            SignatureScheme scheme,
            ApiCalls calls) {
        PrivateKey key =
                RsaKeys.privateKey(settings.privateKey(), "payhook.providers." + provider + ".api.private-key");
        return new Client(
                provider,
                ApiCalls.baseUrl(settings.baseUrl(), mode, API, API),
                settings.mchid().trim(),
                settings.merchantSerial().trim(),
                key,
                scheme,
                calls,
                clock);
    }

    private record Client(
            String provider,
            String base,
            String mchid,
            String serial,
            PrivateKey key,
            SignatureScheme platform,
            ApiCalls calls,
            Clock clock)
            implements ProviderApi {

        @Override
        public boolean looksUpOrders() {
            return true;
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
        public Reading read(Fact fact) {
            return WechatPayLookup.read(provider, fact);
        }

        private List<Fact> transaction(String path) {
            String what = "GET " + path.replaceAll("/[^/]+$", "/{id}");
            HttpResponse<byte[]> answer = calls.retrying(() -> verified(
                    ApiCalls.expect(
                            calls.send(signed(base + path + "?mchid=" + ApiCalls.encode(mchid)), what), what, 404),
                    what));
            if (answer.statusCode() == 404 || WireJson.text(WireJson.tree(answer.body()), "transaction_id") == null) {
                return List.of();
            }
            byte[] askedAt = WireJson.json(clock.instant().toString()).getBytes(StandardCharsets.UTF_8);
            return List.of(Fact.composite(
                    TRANSACTION, new String[] {"transaction", "asked_at"}, new byte[][] {answer.body(), askedAt}));
        }

        private HttpRequest.Builder signed(String url) {
            URI uri = URI.create(url);
            String target = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            String timestamp = Long.toString(clock.instant().getEpochSecond());
            byte[] nonceBytes = new byte[16];
            RANDOM.nextBytes(nonceBytes);
            String nonce = HexFormat.of().formatHex(nonceBytes);
            String message = "GET\n" + target + "\n" + timestamp + "\n" + nonce + "\n\n";
            String signature = RsaKeys.sign(key, message.getBytes(StandardCharsets.UTF_8));
            return HttpRequest.newBuilder(uri)
                    .header("Accept", "application/json")
                    .header("User-Agent", "payhook")
                    .header(
                            "Authorization",
                            "WECHATPAY2-SHA256-RSA2048 mchid=\"" + mchid + "\",nonce_str=\"" + nonce
                                    + "\",signature=\"" + signature + "\",timestamp=\"" + timestamp
                                    + "\",serial_no=\"" + serial + "\"")
                    .GET();
        }

        /** A 2xx answer counts only when the platform keys verify it; a 404 says nothing either way. */
        private HttpResponse<byte[]> verified(HttpResponse<byte[]> answer, String what) {
            if (answer.statusCode() == 404) {
                return answer;
            }
            Map<String, String> headers = new LinkedHashMap<>();
            for (String name : WechatPaySignature.HEADERS) {
                answer.headers().firstValue(name).ifPresent(value -> headers.put(name, value));
            }
            try {
                platform.verify(new WebhookRequest(provider, answer.body(), headers));
                WireJson.tree(answer.body());
            } catch (WebhookRejected e) {
                throw new ApiFailure(what + ": the answer does not verify with the platform keys (" + e.reason() + ")");
            } catch (RuntimeException e) {
                throw new ApiFailure(what + ": malformed answer");
            }
            return answer;
        }
    }
}
