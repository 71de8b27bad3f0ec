package dev.payhook.provider.mapped;

import dev.payhook.provider.ProviderSettings;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a sender's JSON keeps what Payhook needs, as JSON pointers into the raw body (or
 * {@code header:<name>} for the event id), and its type names onto Payhook's: the {@code mapping}
 * of a provider whose {@code format} is {@code mapped}.
 */
public class Mapping implements ProviderSettings {

    /** The {@code mapping} entry itself, bound by Spring from {@code payhook.providers.<id>.mapping}. */
    private Fields mapping = new Fields();

    public Fields getMapping() {
        return mapping;
    }

    public void setMapping(Fields mapping) {
        this.mapping = mapping;
    }

    /** A mapping is configuration, not a credential: a wrong one is a start-up error, never a provider switched off. */
    @Override
    public Map<String, Boolean> credentials() {
        return Map.of();
    }

    public static class Fields {
        /** Default: the Standard Webhooks message id, which the sender keeps across retries. */
        private String eventId = "header:webhook-id";

        private String eventType;
        /** The sender's type -> a normalized type (payment.succeeded, refund.succeeded, ...); others are ignored. */
        private Map<String, String> types = new LinkedHashMap<>();

        private String orderId;
        private String paymentId;
        private String refundId;
        private String amount;
        /** {@code minor}: an integer in minor units; {@code decimal}: a string in major units. */
        private AmountUnit amountUnit = AmountUnit.minor;

        private String currency;
        /** ISO-8601 with an offset, or epoch seconds. */
        private String occurredAt;

        public String getEventId() {
            return eventId;
        }

        public void setEventId(String eventId) {
            this.eventId = eventId;
        }

        public String getEventType() {
            return eventType;
        }

        public void setEventType(String eventType) {
            this.eventType = eventType;
        }

        public Map<String, String> getTypes() {
            return types;
        }

        public void setTypes(Map<String, String> types) {
            this.types = types == null ? new LinkedHashMap<>() : types;
        }

        public String getOrderId() {
            return orderId;
        }

        public void setOrderId(String orderId) {
            this.orderId = orderId;
        }

        public String getPaymentId() {
            return paymentId;
        }

        public void setPaymentId(String paymentId) {
            this.paymentId = paymentId;
        }

        public String getRefundId() {
            return refundId;
        }

        public void setRefundId(String refundId) {
            this.refundId = refundId;
        }

        public String getAmount() {
            return amount;
        }

        public void setAmount(String amount) {
            this.amount = amount;
        }

        public AmountUnit getAmountUnit() {
            return amountUnit;
        }

        public void setAmountUnit(AmountUnit amountUnit) {
            this.amountUnit = amountUnit;
        }

        public String getCurrency() {
            return currency;
        }

        public void setCurrency(String currency) {
            this.currency = currency;
        }

        public String getOccurredAt() {
            return occurredAt;
        }

        public void setOccurredAt(String occurredAt) {
            this.occurredAt = occurredAt;
        }
    }

    public enum AmountUnit {
        minor,
        decimal
    }
}
