package dev.payhook.provider.alipay;

import java.util.Map;

/** The parameters of an Alipay asynchronous notification that Payhook reads, as Alipay names them. */
record AlipayNotification(
        String notifyId,
        String notifyTime,
        String outTradeNo,
        String tradeNo,
        String tradeStatus,
        String totalAmount,
        String refundFee,
        String outBizNo,
        String gmtCreate,
        String gmtPayment,
        String gmtRefund,
        String gmtClose,
        String appId,
        String sellerId) {

    static AlipayNotification of(Map<String, String> p) {
        return new AlipayNotification(
                p.get("notify_id"),
                p.get("notify_time"),
                p.get("out_trade_no"),
                p.get("trade_no"),
                p.get("trade_status"),
                p.get("total_amount"),
                p.get("refund_fee"),
                p.get("out_biz_no"),
                p.get("gmt_create"),
                p.get("gmt_payment"),
                p.get("gmt_refund"),
                p.get("gmt_close"),
                p.get("app_id"),
                p.get("seller_id"));
    }
}
