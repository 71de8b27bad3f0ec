package dev.payhook.payment;

/**
 * A merchant's local order, as registered through the API; {@code version} counts the changes of its
 * status and entitlement (DESIGN.md §11.1).
 */
public record Order(
        String orderId,
        long amountMinor,
        String currency,
        String sku,
        String customerId,
        OrderStatus status,
        long version) {

    /** The same terms: what makes a second registration of the id the same order. */
    public boolean sameTerms(Order other) {
        return amountMinor == other.amountMinor
                && currency.equals(other.currency)
                && sku.equals(other.sku)
                && customerId.equals(other.customerId);
    }
}
