package dev.payhook.provider.wechatpay;

import static dev.payhook.provider.types.Agreement.is;
import static dev.payhook.provider.types.Agreement.isNot;

import dev.payhook.payment.EventType;
import dev.payhook.provider.EventFormat;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.Meanings;
import dev.payhook.provider.types.Reader;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.provider.wechatpay.WechatPayNotification.Decrypted;
import dev.payhook.provider.wechatpay.WechatPayNotification.Envelope;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * WeChat Pay API v3 notifications onto Payhook's events. The ingress keeps the notification
 * encrypted as received; reading it decrypts the resource (AEAD_AES_256_GCM with the API v3 key).
 */
public final class WechatPayFormat implements EventFormat {

    /** A provider's format: each has its own API v3 key. */
    public static EventFormat create(TypeTables tables, String provider, WechatPayDecryption settings) {
        if (settings.apiV3Key().getBytes(StandardCharsets.UTF_8).length != 32) {
            throw new IllegalStateException(
                    "payhook.providers." + provider + ".api-v3-key must be the 32-character API v3 key");
        }
        return new WechatPayFormat(
                WechatPayResource.key(settings.apiV3Key()), tables.meanings(provider, "wechatpay", READERS));
    }

    /** A notification and its decrypted resource; the builder carries what every event of it carries. */
    record Notification(Decrypted resource, String currency, NormalizedEvent.Builder builder) {}

    static final Map<String, Reader<Notification>> READERS = Map.of(
            "transaction",
            Reader.<Notification>one(
                            Action.of(EventType.PAYMENT_SUCCEEDED),
                            (n, action) -> n.builder()
                                    .amount(
                                            n.resource().amount() == null
                                                    ? null
                                                    : n.resource().amount().total(),
                                            n.currency())
                                    .build(action.or(EventType.OTHER)))
                    .agreeing(n -> n.resource().tradeState(), Map.of(Action.PAYMENT_SUCCEEDED, is("SUCCESS"))),
            "refund",
            Reader.<Notification>one(
                            Action.of(EventType.REFUND_SUCCEEDED, EventType.REFUND_FAILED),
                            (n, action) -> n.builder()
                                    .refund(WireJson.require(n.resource().refundId(), "refund_id"))
                                    .amount(
                                            n.resource().amount() == null
                                                    ? null
                                                    : n.resource().amount().refund(),
                                            n.currency())
                                    .build(action.or(EventType.OTHER)))
                    .agreeing(
                            n -> n.resource().refundStatus(),
                            Map.of(Action.REFUND_SUCCEEDED, is("SUCCESS"), Action.REFUND_FAILED, isNot("SUCCESS"))));

    private final SecretKeySpec apiV3Key;
    private final Meanings<Notification> meanings;

    private WechatPayFormat(SecretKeySpec apiV3Key, Meanings<Notification> meanings) {
        this.apiV3Key = apiV3Key;
        this.meanings = meanings;
    }

    @Override
    public Reading read(WebhookRequest request) {
        Envelope n;
        try {
            n = WireJson.read(request.body(), Envelope.class);
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
        return Reading.of(n.id(), () -> events(request.provider(), n));
    }

    private List<NormalizedEvent> events(String provider, Envelope n) {
        String type = WireJson.require(n.eventType(), "event_type");
        if (n.resource() == null) {
            throw new UnparseablePayload("missing field resource");
        }
        Decrypted r = decrypt(n.resource());
        Instant at = r.successTime() != null
                ? WireJson.offsetTime(r.successTime(), "success_time")
                : WireJson.offsetTime(n.createTime(), "create_time");
        NormalizedEvent.Builder b = NormalizedEvent.builder(provider, WireJson.require(n.id(), "id"), type, at)
                .payment(r.transactionId())
                .order(r.outTradeNo())
                .account("mchid", r.mchid())
                .account("appid", r.appid());
        WechatPayNotification.Amount amount = r.amount();
        String currency = amount == null || amount.currency() == null ? "CNY" : amount.currency();
        return meanings.events(type, new Notification(r, currency, b), () -> b.build(EventType.OTHER));
    }

    private Decrypted decrypt(WechatPayNotification.Resource resource) {
        if (!"AEAD_AES_256_GCM".equals(resource.algorithm())) {
            throw new UnparseablePayload("resource algorithm is not AEAD_AES_256_GCM");
        }
        try {
            Cipher cipher = WechatPayResource.cipher(
                    Cipher.DECRYPT_MODE,
                    apiV3Key,
                    WireJson.require(resource.nonce(), "resource.nonce"),
                    resource.associatedData());
            byte[] plain = cipher.doFinal(
                    Base64.getDecoder().decode(WireJson.require(resource.ciphertext(), "resource.ciphertext")));
            return WireJson.read(plain, Decrypted.class);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new UnparseablePayload("resource does not decrypt with the API v3 key: "
                    + e.getClass().getSimpleName());
        }
    }
}
