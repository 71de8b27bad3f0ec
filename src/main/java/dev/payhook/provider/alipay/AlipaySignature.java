package dev.payhook.provider.alipay;

import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.FormPostScheme;
import dev.payhook.provider.RsaKeys;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Alipay's asynchronous notifications: a form POST signed with RSA2 (SHA256withRSA) by Alipay's
 * key. Alipay wants the literal text {@code success}, and {@code fail} when refused.
 */
public final class AlipaySignature extends FormPostScheme {

    private final List<PublicKey> keys;

    /** The {@code sign} of a notification of {@code params} (UTF-8), made with {@code key} as Alipay makes it. */
    public static String sign(PrivateKey key, Map<String, String> params) {
        return RsaKeys.sign(key, new AlipayForm(params, StandardCharsets.UTF_8).signedContent());
    }

    AlipaySignature(String provider, AlipayKeys settings) {
        List<String> configured = settings.present();
        this.keys = IntStream.range(0, configured.size())
                .mapToObj(i ->
                        RsaKeys.parse(configured.get(i), "payhook.providers." + provider + ".public-keys[" + i + "]"))
                .toList();
    }

    @Override
    public void verify(WebhookRequest request) {
        AlipayForm form;
        try {
            form = AlipayForm.parse(request.body());
        } catch (UnparseablePayload e) {
            throw new WebhookRejected("malformed_notification");
        }
        String sign = form.get("sign");
        if (sign == null || sign.isBlank()) {
            throw new WebhookRejected("missing_sign");
        }
        if (!"RSA2".equals(form.get("sign_type"))) {
            throw new WebhookRejected("unsupported_sign_type");
        }
        byte[] content = form.signedContent();
        byte[] withSignType = form.signedContentWithSignType();
        if (keys.stream()
                .noneMatch(key -> RsaKeys.verifies(key, content, sign) || RsaKeys.verifies(key, withSignType, sign))) {
            throw new WebhookRejected("signature_mismatch");
        }
    }

    /** Whether one of Alipay's keys signed {@code content}: a notification's, or an API response's. */
    boolean signedByAlipay(byte[] content, String sign) {
        return sign != null && keys.stream().anyMatch(key -> RsaKeys.verifies(key, content, sign));
    }

    @Override
    public Acknowledgement ack() {
        return Acknowledgement.text(200, "success");
    }

    @Override
    public Acknowledgement reject(String reason) {
        return Acknowledgement.text(401, "fail");
    }
}
