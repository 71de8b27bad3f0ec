package dev.payhook.provider.wechatpay;

/** WeChat Pay API v3 notification records, field for field as WeChat Pay names them (snake_case). */
final class WechatPayNotification {

    private WechatPayNotification() {}

    /** What arrives: the envelope, with the business resource still encrypted. */
    record Envelope(String id, String createTime, String eventType, String resourceType, Resource resource) {}

    record Resource(String algorithm, String ciphertext, String associatedData, String nonce, String originalType) {}

    /** The decrypted resource of TRANSACTION.* and REFUND.* (the fields Payhook reads). */
    record Decrypted(
            String mchid,
            String appid,
            String outTradeNo,
            String transactionId,
            String tradeState,
            String successTime,
            String outRefundNo,
            String refundId,
            String refundStatus,
            Amount amount) {}

    record Amount(Long total, Long refund, String currency) {}
}
