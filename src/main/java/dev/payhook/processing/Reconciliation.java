package dev.payhook.processing;

import dev.payhook.config.ProviderProperties;
import dev.payhook.payment.DeadLetterReason;
import dev.payhook.payment.Order;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.store.OrderStore;
import dev.payhook.store.ProductStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/** The checks of an event against Payhook's own records before it may have any effect (docs/DESIGN.md §3.4). */
@Component("reconciliation")
public class Reconciliation {

    private final ProviderRegistry providers;
    private final OrderStore orders;
    private final ProductStore products;

    public Reconciliation(ProviderRegistry providers, OrderStore orders, ProductStore products) {
        this.providers = providers;
        this.orders = orders;
        this.products = products;
    }

    /** Why an event may have no effect at all, whatever it says. */
    public record Rejection(ReceiptOutcome outcome, String reason) {}

    /**
     * A rejection when the event's livemode flag contradicts the provider's configured mode (providers
     * without the flag never do), or when it names an account of ours by a name we configured and
     * the id is not one of them; empty otherwise.
     */
    public Optional<Rejection> rejection(NormalizedEvent e) {
        if (e.livemode() != null && e.livemode() != (providers.mode(e.provider()) == ProviderProperties.Mode.live)) {
            return Optional.of(new Rejection(
                    ReceiptOutcome.REJECTED_MODE,
                    "event has livemode=" + e.livemode() + " but payhook.providers." + e.provider() + ".mode is "
                            + providers.mode(e.provider())));
        }
        Map<String, Set<String>> ours = providers.accounts(e.provider());
        for (Map.Entry<String, String> named : e.accounts().entrySet()) {
            Set<String> ids = ours.get(named.getKey());
            if (ids != null && !ids.contains(named.getValue())) {
                return Optional.of(new Rejection(
                        ReceiptOutcome.REJECTED_ACCOUNT,
                        "event is for " + named.getKey() + " " + named.getValue() + ", not one of payhook.providers."
                                + e.provider() + ".accounts." + named.getKey()));
            }
        }
        return Optional.empty();
    }

    /**
     * The payment's order, locked: the payment row is locked first and its order second in every
     * event's transaction, so no two transactions wait on each other in opposite orders. Throws
     * {@link UnknownReference} when the event names an order Payhook does not know.
     */
    public Order lockOrder(NormalizedEvent e, String paymentOrderId) {
        return requireOrder(
                e,
                paymentOrderId,
                paymentOrderId == null ? null : orders.lock(paymentOrderId).orElse(null));
    }

    /** {@link #lockOrder} for the order of the payment, {@code order}, locked already (null: not registered). */
    public Order requireOrder(NormalizedEvent e, String paymentOrderId, Order order) {
        boolean named = e.orderId() == null
                || (e.orderId().equals(paymentOrderId)
                        ? order != null
                        : orders.find(e.orderId()).isPresent());
        if (!named) {
            throw new UnknownReference(DeadLetterReason.UNKNOWN_ORDER, "order " + e.orderId() + " is not registered");
        }
        return order;
    }

    /**
     * The SKU the event's product references map to (null when it names none: the order's SKU is
     * assumed). Throws {@link UnknownReference} for a product reference that maps to no SKU.
     */
    public String requireProducts(NormalizedEvent e, Order order) {
        if (e.productRefs().isEmpty()) {
            return null;
        }
        Map<String, String> skus = products.resolve(e.provider(), e.productRefs());
        List<String> unknown =
                e.productRefs().stream().filter(ref -> !skus.containsKey(ref)).toList();
        if (!unknown.isEmpty()) {
            throw new UnknownReference(
                    DeadLetterReason.UNKNOWN_PRODUCT,
                    "product reference(s) " + unknown + " of " + e.provider() + " map to no SKU");
        }
        String orderSku = order == null ? null : order.sku();
        return skus.containsValue(orderSku)
                ? orderSku
                : skus.get(e.productRefs().get(0));
    }
}
