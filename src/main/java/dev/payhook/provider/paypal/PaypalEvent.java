package dev.payhook.provider.paypal;

import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** PayPal's webhook event and the resources Payhook reads from it, as PayPal names them (snake_case). */
record PaypalEvent(String id, String eventType, Instant createTime, String resourceType, JsonNode resource) {

    record Money(String currencyCode, String value) {}

    record Link(String href, String rel) {}

    /** A capture (the payment) or a refund (which names its capture through the link {@code up}). */
    record Capture(String id, Money amount, String customId, String invoiceId, String status, List<Link> links) {}

    record Dispute(
            String disputeId,
            Money disputeAmount,
            List<DisputedTransaction> disputedTransactions,
            DisputeOutcome disputeOutcome) {}

    record DisputedTransaction(String sellerTransactionId) {}

    record DisputeOutcome(String outcomeCode) {}

    /** A billing subscription (v2); {@code custom_id} names our sign-up order. */
    record Subscription(String id, String status, String customId, Instant statusUpdateTime, BillingInfo billingInfo) {}

    record BillingInfo(Instant nextBillingTime) {}

    /** A sale (v1): a subscription's renewal names the subscription in {@code billing_agreement_id}. */
    record Sale(String id, SaleAmount amount, String billingAgreementId) {}

    record SaleAmount(String total, String currency) {}
}
