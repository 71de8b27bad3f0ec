package dev.payhook.provider.wechatpay;

import dev.payhook.provider.ApiFailure;
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
import java.util.Map;

/**
 * WeChat Pay API v3's requests and answers: each request signed WECHATPAY2-SHA256-RSA2048 with the
 * merchant's key over its method, path as sent, time, nonce and body; each answer counted only when
 * it verifies with the platform keys (the provider's scheme, as for notifications).
 */
final class WechatPayHttp {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final String provider;
    private final String mchid;
    private final String serial;
    private final PrivateKey key;
    private final SignatureScheme platform;
    private final Clock clock;

    WechatPayHttp(String provider, String mchid, String serial, PrivateKey key, SignatureScheme platform, Clock clock) {
        this.provider = provider;
        this.mchid = mchid;
        this.serial = serial;
        this.key = key;
        this.platform = platform;
        this.clock = clock;
    }

    String mchid() {
        return mchid;
    }

    /** {@code method url} with {@code body} (empty for a GET), signed. */
    HttpRequest.Builder signed(String method, String url, String body) {
        URI uri = URI.create(url);
        String target = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        String timestamp = Long.toString(clock.instant().getEpochSecond());
        byte[] nonceBytes = new byte[16];
        RANDOM.nextBytes(nonceBytes);
        String nonce = HexFormat.of().formatHex(nonceBytes);
        String message = method + "\n" + target + "\n" + timestamp + "\n" + nonce + "\n" + body + "\n";
        String signature = RsaKeys.sign(key, message.getBytes(StandardCharsets.UTF_8));
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .header("Accept", "application/json")
                .header("User-Agent", "payhook")
                .header(
                        "Authorization",
                        "WECHATPAY2-SHA256-RSA2048 mchid=\"" + mchid + "\",nonce_str=\"" + nonce + "\",signature=\""
                                + signature + "\",timestamp=\"" + timestamp + "\",serial_no=\"" + serial + "\"");
        return body.isEmpty()
                ? request.GET()
                : request.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(body));
    }

    /** A 2xx answer counts only when the platform keys verify it; another status says nothing either way. */
    HttpResponse<byte[]> verified(HttpResponse<byte[]> answer, String what) {
        if (answer.statusCode() / 100 != 2) {
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
