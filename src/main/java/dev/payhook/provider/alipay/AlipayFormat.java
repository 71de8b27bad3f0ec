package dev.payhook.provider.alipay;

import static dev.payhook.provider.types.Agreement.is;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.Reader;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.provider.types.TypedFormat;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Map;

/**
 * Alipay's notification parameters onto Payhook's events: the payment is the trade ({@code
 * trade_no}). Its type is the trade_status; what each means is routes/types/alipay.yaml.
 */
public class AlipayFormat extends TypedFormat<AlipayFormat.Notification> {

    /** A notification read once: the builder carries what every event of it carries. */
    record Notification(AlipayNotification params, NormalizedEvent.Builder builder) implements Notice {}

    static final Map<String, Reader<Notification>> READERS = Map.of(
            "trade",
            Reader.<Notification>one(
                            Action.of(
                                    EventType.PAYMENT_PENDING, EventType.PAYMENT_SUCCEEDED, EventType.PAYMENT_CANCELED),
                            (n, action) -> trade(n.params(), n.builder(), action.or(EventType.OTHER)))
                    .agreeing(
                            n -> n.params().tradeStatus(),
                            Map.of(
                                    Action.PAYMENT_SUCCEEDED, is("TRADE_SUCCESS", "TRADE_FINISHED"),
                                    Action.PAYMENT_PENDING, is("WAIT_BUYER_PAY"),
                                    Action.PAYMENT_CANCELED, is("TRADE_CLOSED"))));

    public AlipayFormat(TypeTables tables) {
        super("alipay", tables, READERS);
    }

    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");
    /** yyyy-MM-dd HH:mm:ss, and with a fraction of a second as Alipay documents gmt_refund (2015-04-28 15:45:57.320). */
    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
            .optionalEnd()
            .toFormatter();

    private static final String CURRENCY = "CNY";

    @Override
    public Reading read(WebhookRequest request) {
        AlipayNotification n;
        try {
            n = AlipayNotification.of(AlipayForm.parse(request.body()).params());
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
        return Reading.of(n.notifyId(), () -> events(request.provider(), n));
    }

    private List<NormalizedEvent> events(String provider, AlipayNotification n) {
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
                .order(n.outTradeNo())
                .account("app-id", n.appId())
                .account("seller-id", n.sellerId());
        return events(provider, status, new Notification(n, b), true);
    }

    /**
     * A trade as its status says. A notification with {@code refund_fee} reports a refund, whatever
     * its status: Alipay documents refund_fee as the trade's total refunded so far, so it is kept as
     * a cumulative amount (the refund id out_biz_no names the request), never summed; TRADE_CLOSED
     * with a refund means the whole total_amount went back.
     */
    private static NormalizedEvent trade(AlipayNotification n, NormalizedEvent.Builder b, EventType meant) {
        String status = n.tradeStatus();
        if (n.refundFee() != null && !n.refundFee().isBlank()) {
            // Alipay closes a trade once it is refunded in full: then the whole total went back
            String refunded =
                    status.equals("TRADE_CLOSED") && n.totalAmount() != null ? n.totalAmount() : n.refundFee();
            return b.amount(Money.fromMajor(refunded, CURRENCY), CURRENCY).build(EventType.REFUND_SUCCEEDED);
        }
        return b.amount(Money.fromMajor(WireJson.require(n.totalAmount(), "total_amount"), CURRENCY), CURRENCY)
                .build(meant);
    }

    private static String first(String... values) {
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        throw new UnparseablePayload("missing field notify_time");
    }

    static Instant time(String beijing) {
        try {
            return LocalDateTime.parse(beijing.trim(), TIME).atZone(BEIJING).toInstant();
        } catch (DateTimeParseException e) {
            throw new UnparseablePayload("time is not yyyy-MM-dd HH:mm:ss[.S]");
        }
    }
}
