package dev.payhook.provider.alipay;

import dev.payhook.config.ProviderProperties;
import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.ProviderAdapter;
import dev.payhook.provider.RsaKeys;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Alipay asynchronous notifications: a form POST signed with RSA2 (SHA256withRSA) by Alipay's key.
 * Alipay wants the literal text {@code success}, and {@code fail} when refused.
 */
public class AlipayAdapter implements ProviderAdapter {

    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");
    /** yyyy-MM-dd HH:mm:ss, and with a fraction of a second as Alipay documents gmt_refund (2015-04-28 15:45:57.320). */
    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
            .optionalEnd()
            .toFormatter();

    private static final String CURRENCY = "CNY";

    private final String provider;
    private final List<PublicKey> keys;

    public AlipayAdapter(String provider, ProviderProperties properties, Clock clock) {
        this.provider = provider;
        List<String> configured = properties.presentPublicKeys();
        this.keys = IntStream.range(0, configured.size())
                .mapToObj(i ->
                        RsaKeys.parse(configured.get(i), "payhook.providers." + provider + ".public-keys[" + i + "]"))
                .toList();
    }

    @Override
    public Set<String> headerNames() {
        return Set.of();
    }

    @Override
    public boolean acceptsContentType(String contentType) {
        return contentType != null
                && contentType.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded");
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

    @Override
    public String eventId(WebhookRequest request) {
        return AlipayForm.parse(request.body()).get("notify_id");
    }

    /**
     * trade_status onto the state machine. A notification with {@code refund_fee} reports a refund;
     * Alipay documents refund_fee as the trade's total refunded so far, so it is kept as a cumulative
     * amount (the refund id out_biz_no names the request), never summed; TRADE_CLOSED with a refund
     * means the whole total_amount went back.
     */
    @Override
    public List<NormalizedEvent> normalize(WebhookRequest request) {
        AlipayNotification n =
                AlipayNotification.of(AlipayForm.parse(request.body()).params());
        String status = WireJson.require(n.tradeStatus(), "trade_status");
        NormalizedEvent.Builder b = NormalizedEvent.builder(
                        provider,
                        WireJson.require(n.notifyId(), "notify_id"),
                        status,
                        time(first(
                                n.refundFee() != null ? n.gmtRefund() : null,
                                n.gmtClose(),
                                n.gmtPayment(),
                                n.notifyTime(),
                                n.gmtCreate())))
                .payment(WireJson.require(n.tradeNo(), "trade_no"))
                .order(n.outTradeNo());
        if (n.refundFee() != null && !n.refundFee().isBlank()) {
            // Alipay closes a trade once it is refunded in full: then the whole total went back
            String refunded =
                    status.equals("TRADE_CLOSED") && n.totalAmount() != null ? n.totalAmount() : n.refundFee();
            return List.of(
                    b.amount(Money.fromMajor(refunded, CURRENCY), CURRENCY).build(EventType.REFUND_SUCCEEDED));
        }
        b.amount(Money.fromMajor(WireJson.require(n.totalAmount(), "total_amount"), CURRENCY), CURRENCY);
        return List.of(
                switch (status) {
                    case "WAIT_BUYER_PAY" -> b.build(EventType.PAYMENT_PENDING);
                    case "TRADE_SUCCESS", "TRADE_FINISHED" -> b.build(EventType.PAYMENT_SUCCEEDED);
                    case "TRADE_CLOSED" -> b.build(EventType.PAYMENT_CANCELED);
                    default -> b.build(EventType.OTHER);
                });
    }

    private static String first(String... values) {
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        throw new UnparseablePayload("missing field notify_time");
    }

    private static Instant time(String beijing) {
        try {
            return LocalDateTime.parse(beijing.trim(), TIME).atZone(BEIJING).toInstant();
        } catch (DateTimeParseException e) {
            throw new UnparseablePayload("time is not yyyy-MM-dd HH:mm:ss[.S]");
        }
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
