package dev.payhook.support;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** WeChat Pay API v3 as a stub speaks it: answers signed with a platform key, requests checked against the merchant key. */
public final class WechatPayApiStubs {

    private static final Pattern AUTH = Pattern.compile("(\\w+)=\"([^\"]*)\"");

    private WechatPayApiStubs() {}

    /** The answer as WeChat Pay signs it: timestamp, nonce and body, each line ended by a newline. */
    public static ResponseDefinitionBuilder signed(String body, PrivateKey platformKey) {
        String timestamp = Long.toString(Instant.now().getEpochSecond());
        String nonce = UUID.randomUUID().toString().replace("-", "");
        String message = timestamp + "\n" + nonce + "\n" + body + "\n";
        return aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withHeader("Wechatpay-Timestamp", timestamp)
                .withHeader("Wechatpay-Nonce", nonce)
                .withHeader("Wechatpay-Serial", GatewayTest.WECHATPAY_SERIAL)
                .withHeader("Wechatpay-Signature", Signer.rsa(platformKey, message.getBytes(StandardCharsets.UTF_8)))
                .withBody(body);
    }

    /**
     * WeChat Pay's check of a merchant request: the Authorization fields, and the signature over
     * method, path as sent, time, nonce and body.
     */
    public static boolean signedByMerchant(LoggedRequest request) throws GeneralSecurityException {
        String header = request.getHeader("Authorization");
        assertThat(header).startsWith("WECHATPAY2-SHA256-RSA2048 ");
        Map<String, String> fields = new LinkedHashMap<>();
        Matcher m = AUTH.matcher(header);
        while (m.find()) {
            fields.put(m.group(1), m.group(2));
        }
        assertThat(fields)
                .containsEntry("mchid", ApiStubs.WECHATPAY_MCHID)
                .containsEntry("serial_no", ApiStubs.WECHATPAY_MERCHANT_SERIAL);
        String message = request.getMethod().getName() + "\n" + request.getUrl() + "\n" + fields.get("timestamp") + "\n"
                + fields.get("nonce_str") + "\n" + request.getBodyAsString() + "\n";
        Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(TestKeys.MERCHANT.getPublic());
        verifier.update(message.getBytes(StandardCharsets.UTF_8));
        return verifier.verify(Base64.getDecoder().decode(fields.get("signature")));
    }
}
