package dev.payhook.payment;

/**
 * Whether an amount may be given back from a payment (DESIGN.md §12): only from a payment that
 * captured money and was not disputed, never more than it captured less what went back and what
 * requests still open may give back.
 */
public final class Refundable {

    private Refundable() {}

    /** What the rule says of a request. */
    public sealed interface Decision {}

    public record Allowed() implements Decision {}

    /** The payment is in a status money is not given back from. */
    public record NotRefundable(PaymentStatus status) implements Decision {}

    /** More than is left: {@code available} minor units may still be given back. */
    public record OverAmount(long available) implements Decision {}

    /** Not the payment's currency. */
    public record OtherCurrency(String paymentCurrency) implements Decision {}

    /**
     * Whether {@code amount} in {@code currency} may be given back from a payment in {@code status}.
     *
     * @param captured the payment's amount
     * @param refunded what its refund events gave back
     * @param open what its open refund requests may still give back
     */
    public static Decision check(
            PaymentStatus status,
            long captured,
            String paymentCurrency,
            long refunded,
            long open,
            long amount,
            String currency) {
        if (status != PaymentStatus.SUCCEEDED && status != PaymentStatus.PARTIALLY_REFUNDED) {
            return new NotRefundable(status);
        }
        if (!paymentCurrency.equalsIgnoreCase(currency)) {
            return new OtherCurrency(paymentCurrency);
        }
        long available = available(captured, refunded, open);
        return amount > available ? new OverAmount(available) : new Allowed();
    }

    /** What is left to give back: the amount a double payment's refund asks for. */
    public static long available(long captured, long refunded, long open) {
        return Math.max(0, captured - refunded - open);
    }
}
