package dev.payhook.payment;

/**
 * Where the payer of an order was sent to pay, as far as the merchant said: the provider, and that
 * provider's own id for the payment or checkout. Either may be unknown (null); a reference is
 * always the named provider's.
 */
public record Checkout(String provider, String reference) {

    public static final Checkout UNKNOWN = new Checkout(null, null);
}
