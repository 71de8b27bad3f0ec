package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.Checkout;
import dev.payhook.payment.Order;
import dev.payhook.payment.OrderStatus;
import dev.payhook.provider.Money;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.store.OrderStore;
import dev.payhook.store.PaymentStore;
import dev.payhook.store.ReviewStore;
import dev.payhook.store.SubscriptionStore;
import java.util.Optional;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** The merchant registers its orders here and reads what the providers' events did to them. */
@RestController
public class OrdersController {

    public record OrderRequest(
            @JsonProperty("amount_minor") Long amountMinor,
            String currency,
            String sku,
            @JsonProperty("customer_id") String customerId,
            String provider,
            @JsonProperty("provider_reference") String providerReference) {}

    private final OrderStore orders;
    private final PaymentStore payments;
    private final ReviewStore reviews;
    private final SubscriptionStore subscriptions;

    private final ProviderRegistry providers;

    public OrdersController(
            OrderStore orders,
            PaymentStore payments,
            ReviewStore reviews,
            SubscriptionStore subscriptions,
            ProviderRegistry providers) {
        this.providers = providers;
        this.orders = orders;
        this.payments = payments;
        this.reviews = reviews;
        this.subscriptions = subscriptions;
    }

    /**
     * 201 when new, 200 when the same order again, 409 when the id is taken by a different order. The
     * same order again may name its provider and reference when the first registration did not (the
     * merchant learns a Paddle transaction id after creating the order), never others.
     */
    @PutMapping("/api/orders/{orderId}")
    @Refuses(status = 409, error = "order_exists_with_different_terms")
    public ResponseEntity<OrderView> registerOrder(@PathVariable String orderId, @RequestBody OrderRequest body) {
        Order order = validated(orderId, body);
        Checkout checkout = checkout(body);
        if (orders.insertIfAbsent(order, checkout)) {
            return ResponseEntity.status(201).body(view(orders.find(orderId).orElseThrow()));
        }
        Order existing = orders.find(orderId).orElseThrow();
        if (!existing.sameTerms(order) || !orders.addCheckout(orderId, checkout)) {
            throw Refusal.conflict("order_exists_with_different_terms");
        }
        return ResponseEntity.ok(view(existing));
    }

    @GetMapping("/api/orders/{orderId}")
    @Refuses(status = 404, error = "unknown_order")
    public OrderView getOrder(@PathVariable String orderId) {
        return orders.find(Inputs.identifier(orderId, "order_id"))
                .map(this::view)
                .orElseThrow(() -> Refusal.unknown("unknown_order"));
    }

    private static Order validated(String orderId, OrderRequest body) {
        Inputs.identifier(orderId, "order_id");
        if (body.amountMinor() == null || body.amountMinor() < 0) {
            throw new InvalidInput("amount_minor must be a whole number of minor units, 0 or more");
        }
        Inputs.identifier(body.sku(), "sku");
        Inputs.identifier(body.customerId(), "customer_id");
        String currency;
        try {
            currency = Money.currency(body.currency());
        } catch (UnparseablePayload e) {
            throw new InvalidInput("currency must be an ISO 4217 code with a minor unit");
        }
        return new Order(orderId, body.amountMinor(), currency, body.sku(), body.customerId(), OrderStatus.PENDING, 0);
    }

    private Checkout checkout(OrderRequest body) {
        if (body.provider() == null) {
            if (body.providerReference() != null) {
                throw new InvalidInput("provider_reference needs the provider it belongs to");
            }
            return Checkout.UNKNOWN;
        }
        if (providers.find(body.provider()).isEmpty()) {
            throw new InvalidInput("provider must name an enabled provider");
        }
        return new Checkout(body.provider(), Inputs.optionalIdentifier(body.providerReference(), "provider_reference"));
    }

    /** The order as {@code GET /api/orders/{id}} shows it, when it is registered. */
    Optional<OrderView> view(String orderId) {
        return orders.find(orderId).map(this::view);
    }

    private OrderView view(Order o) {
        String id = o.orderId();
        return new OrderView(
                id,
                o.status(),
                o.version(),
                o.amountMinor(),
                o.currency(),
                o.sku(),
                o.customerId(),
                orders.checkout(id)
                        .map(c -> new OrderView.OrderCheckout(c.provider(), c.reference()))
                        .orElse(null),
                new OrderView.OrderEntitlement(orders.entitlement(id)),
                payments.ofOrder(id).stream()
                        .map(p -> new OrderView.OrderPayment(
                                p.provider(),
                                p.providerPaymentId(),
                                p.status(),
                                p.amountMinor(),
                                p.currency(),
                                p.refundedMinor(),
                                p.occurredAt()))
                        .toList(),
                reviews.ofOrder(id).stream()
                        .map(r -> new OrderView.OrderReview(r.id(), r.kind(), r.status()))
                        .toList(),
                subscriptions
                        .ofOrder(id)
                        .map(s -> new OrderView.OrderSubscription(
                                s.provider(),
                                s.providerSubscriptionId(),
                                s.state().status(),
                                s.state().currentPeriodEnd(),
                                s.state().cancelAt()))
                        .orElse(null));
    }
}
