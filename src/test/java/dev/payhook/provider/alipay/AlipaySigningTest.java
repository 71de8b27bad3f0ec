package dev.payhook.provider.alipay;

import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.SigningContract;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.support.TestKeys;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** RSA: Alipay's published notifications verify in PublishedRsaAndBatchSamplesTest, where ../shared/samples is. */
class AlipaySigningTest extends SigningContract {

    @Override
    protected SignatureScheme scheme() {
        return Alipay.signature(
                "alipay", new AlipayKeys(List.of(TestKeys.publicKey(TestKeys.CURRENT))), Clock.systemUTC());
    }

    @Override
    protected WebhookRequest signed(String body) {
        Map<String, String> params = new TreeMap<>();
        for (String pair : body.split("&", -1)) {
            params.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
        params.put("sign", AlipaySignature.sign(TestKeys.CURRENT.getPrivate(), params));
        String form = params.entrySet().stream()
                .map(p -> p.getKey() + "=" + URLEncoder.encode(p.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return request("alipay", utf8(form), Map.of());
    }

    @Override
    protected String body() {
        return "app_id=2021000000000000&out_trade_no=ord-1&sign_type=RSA2&total_amount=" + AMOUNT
                + ".00&trade_no=2026&trade_status=TRADE_SUCCESS&buyer_logon_id=";
    }
}
