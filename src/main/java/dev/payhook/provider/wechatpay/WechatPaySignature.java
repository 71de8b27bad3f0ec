package dev.payhook.provider.wechatpay;

import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.RsaKeys;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.Signatures;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * SHA256withRSA over {@code timestamp\nnonce\nbody\n} with the platform key the
 * {@code Wechatpay-Serial} header names; the timestamp must lie within the provider's tolerance
 * (the official SDK does not check it).
 */
public final class WechatPaySignature implements SignatureScheme {

    static final String TIMESTAMP = "wechatpay-timestamp";
    static final String NONCE = "wechatpay-nonce";
    static final String SIGNATURE = "wechatpay-signature";
    static final String SERIAL = "wechatpay-serial";
    static final String SIGNATURE_TYPE = "wechatpay-signature-type";
    static final Set<String> HEADERS = Set.of(TIMESTAMP, NONCE, SIGNATURE, SERIAL, SIGNATURE_TYPE);

    private final Map<String, PublicKey> keys = new LinkedHashMap<>();
    private final Clock clock;
    private final Duration tolerance;

    WechatPaySignature(String provider, Map<String, String> platformKeys, Duration tolerance, Clock clock) {
        platformKeys.forEach((serial, key) ->
                keys.put(serial, RsaKeys.parse(key, "payhook.providers." + provider + ".platform-keys." + serial)));
        this.clock = clock;
        this.tolerance = tolerance;
    }

    @Override
    public Set<String> headerNames() {
        return HEADERS;
    }

    @Override
    public void verify(WebhookRequest request) {
        String timestamp = Signatures.required(request, TIMESTAMP);
        String nonce = Signatures.required(request, NONCE);
        String signature = Signatures.required(request, SIGNATURE);
        String serial = Signatures.required(request, SERIAL);
        Signatures.requireFresh(timestamp, clock, tolerance);
        PublicKey key = keys.get(serial.trim());
        if (key == null) {
            throw new WebhookRejected("unknown_wechatpay_serial");
        }
        if (!RsaKeys.verifies(key, signedText(timestamp, nonce, request.body()), signature)) {
            throw new WebhookRejected("signature_mismatch");
        }
    }

    private static byte[] signedText(String timestamp, String nonce, byte[] body) {
        ByteArrayOutputStream signed = new ByteArrayOutputStream();
        signed.writeBytes((timestamp + "\n" + nonce + "\n").getBytes(StandardCharsets.UTF_8));
        signed.writeBytes(body);
        signed.write('\n');
        return signed.toByteArray();
    }

    /** The headers of a notification {@code body} signed at {@code timestamp} with the platform key filed as {@code serial}. */
    public static Map<String, String> sign(PrivateKey key, String serial, long timestamp, String nonce, byte[] body) {
        String t = Long.toString(timestamp);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(TIMESTAMP, t);
        headers.put(NONCE, nonce);
        headers.put(SERIAL, serial);
        headers.put(SIGNATURE, RsaKeys.sign(key, signedText(t, nonce, body)));
        headers.put(SIGNATURE_TYPE, "WECHATPAY2-SHA256-RSA2048");
        return headers;
    }

    @Override
    public Acknowledgement reject(String reason) {
        return Acknowledgement.json(401, "{\"code\":\"FAIL\",\"message\":\"" + reason + "\"}");
    }
}
