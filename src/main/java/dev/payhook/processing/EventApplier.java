package dev.payhook.processing;

import dev.payhook.provider.NormalizedEvent;
import dev.payhook.store.OrderStore;
import dev.payhook.store.OutboxStore;
import dev.payhook.store.PaymentStore;
import dev.payhook.store.ReceiptStore;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.camel.Body;
import org.apache.camel.ExchangeProperty;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The branches of the content-based router, each run inside the event's transaction after the
 * event-id lock was taken. Every statement is idempotent and all of them run for every new event:
 * a redelivery after a crash completes what the crash interrupted.
 */
@Component("applier")
public class EventApplier {

    public static final String EVENTS_TOPIC = "topic:payhook.events";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PaymentStore payments;
    private final OrderStore orders;
    private final ReceiptStore receipts;
    private final OutboxStore outbox;
    private final OrderSettlement settlement;

    public EventApplier(PaymentStore payments, OrderStore orders, ReceiptStore receipts, OutboxStore outbox,
                        OrderSettlement settlement) {
        this.payments = payments;
        this.orders = orders;
        this.receipts = receipts;
        this.outbox = outbox;
        this.settlement = settlement;
    }

    public void payment(@Body NormalizedEvent e, @ExchangeProperty(Evidence.RECEIPT) Receipt receipt) {
        onPayment(e, receipt);
    }

    public void refund(@Body NormalizedEvent e, @ExchangeProperty(Evidence.RECEIPT) Receipt receipt) {
        onPayment(e, receipt);
    }

    public void dispute(@Body NormalizedEvent e, @ExchangeProperty(Evidence.RECEIPT) Receipt receipt) {
        onPayment(e, receipt);
    }

    /** Subscriptions are published for the merchant; entitlements follow the payments they bill. */
    public void subscription(@Body NormalizedEvent e, @ExchangeProperty(Evidence.RECEIPT) Receipt receipt) {
        publish(e, null);
        receipts.outcome(receipt.id(), "applied", null, e.orderId());
    }

    public void other(@Body NormalizedEvent e, @ExchangeProperty(Evidence.RECEIPT) Receipt receipt) {
        receipts.outcome(receipt.id(), "ignored", "event type " + e.providerType() + " has no effect", e.orderId());
    }

    public void duplicate(@Body NormalizedEvent e, @ExchangeProperty(Evidence.RECEIPT) Receipt receipt) {
        receipts.outcome(receipt.id(), "duplicate", "event " + e.eventId() + " was already processed", e.orderId());
    }

    private void onPayment(NormalizedEvent e, Receipt receipt) {
        PaymentStore.Locked payment = payments.upsertAndLock(e.provider(), e.providerPaymentId(), e.orderId());
        payments.appendEvent(payment.id(), e, receipt.id());
        PaymentStateMachine.Result result = PaymentStateMachine.derive(payments.events(payment.id()));
        payments.saveState(payment.id(), result.state());
        String orderId = payment.orderId();
        if (orderId != null) {
            orders.lock(orderId).ifPresent(settlement::settle);
        }
        publish(e, result.state().status());
        String verdict = result.verdicts().getOrDefault(e.eventId(), "applied");
        receipts.outcome(receipt.id(), verdict, verdict.equals("applied") ? null
                : e.type().wireName() + " does not apply to a payment in state " + result.state().status(), orderId);
    }

    private void publish(NormalizedEvent e, String paymentStatus) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("provider", e.provider());
        payload.put("event_id", e.eventId());
        payload.put("type", e.type().wireName());
        payload.put("occurred_at", e.occurredAt().toString());
        payload.put("provider_payment_id", e.providerPaymentId());
        payload.put("order_id", e.orderId());
        payload.put("amount_minor", e.amountMinor());
        payload.put("currency", e.currency());
        payload.put("refund_id", e.refundId());
        payload.put("payment_status", paymentStatus);
        outbox.add(EVENTS_TOPIC, e.type().wireName(), "event:" + e.lockKey(), JSON.writeValueAsString(payload));
    }
}
