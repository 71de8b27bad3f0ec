package dev.payhook.payment;

/** Why Payhook recorded something but left it to a person. */
public enum ReviewKind implements WireName {
    AMOUNT_MISMATCH,
    CURRENCY_MISMATCH,
    PRODUCT_MISMATCH,
    /** A second payment of an already paid order: the extra money is to be given back. */
    DOUBLE_PAYMENT,
    /** An event the payment's transition table forbids. */
    CONTRADICTORY_EVENT,
    /** An order still unpaid long after it was registered, which the provider does not confirm either. */
    UNCONFIRMED_PAYMENT,
    /** The provider's view differs from Payhook's in a way processing could not apply. */
    PROVIDER_DIFFERENCE;

    /** Whether the order being paid through the pipeline answers it: then it resolves itself. */
    public boolean answeredByPayment() {
        return this == UNCONFIRMED_PAYMENT || this == PROVIDER_DIFFERENCE;
    }
}
