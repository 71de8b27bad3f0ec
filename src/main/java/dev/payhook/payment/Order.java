package dev.payhook.payment;

/** A merchant's local order, as registered through the API. */
public record Order(
        String orderId, long amountMinor, String currency, String sku, String customerId, OrderStatus status) {

    /** The same terms: what makes a second registration of the id the same order. */
    public boolean sameTerms(Order other) {
        return amountMinor == other.amountMinor
                && currency.equals(other.currency)
                && sku.equals(other.sku)
                && customerId.equals(other.customerId);
    }
}
