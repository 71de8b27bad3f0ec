package dev.payhook.returns;

import dev.payhook.config.ReconcileProperties;
import dev.payhook.config.TrustedProxies;
import dev.payhook.payment.Order;
import dev.payhook.payment.OrderStatus;
import dev.payhook.provider.Identifiers;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.reconcile.Reconciler;
import dev.payhook.returns.VerifiedReturns.Refused;
import dev.payhook.returns.VerifiedReturns.Verified;
import dev.payhook.store.OrderStore;
import dev.payhook.store.PaymentStore;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The payer's browser coming back from a provider's page (docs/DESIGN.md §7, §9). Anyone can
 * forge a return, so it is only ever a signal to go and ask: the order is looked up at its
 * provider, briefly waited for, and the browser sent on to the provider's configured
 * {@code return.success-url} when the order is paid, else to {@code return.failure-url}. Nothing
 * is marked paid by the return itself. A provider without webhooks (eSewa, IME Pay) returns a
 * {@code data} parameter that must verify first, and the provider is asked with what it carries.
 */
@RestController
public class ReturnsController {

    /** Where providers put the merchant's order id on the return URL: ours, and Alipay's. */
    private static final String[] ORDER_PARAMS = {"order_id", "out_trade_no"};

    private final ProviderRegistry providers;
    private final OrderStore orders;
    private final Reconciler reconciler;
    private final VerifiedReturns verified;
    private final Environment environment;
    private final Duration wait;
    private final TrustedProxies proxies;
    private final PaymentStore payments;

    public ReturnsController(
            ProviderRegistry providers,
            OrderStore orders,
            Reconciler reconciler,
            VerifiedReturns verified,
            Environment environment,
            ReconcileProperties properties,
            TrustedProxies proxies,
            PaymentStore payments) {
        this.payments = payments;
        this.providers = providers;
        this.orders = orders;
        this.reconciler = reconciler;
        this.verified = verified;
        this.environment = environment;
        this.wait = properties.getReturnWait();
        this.proxies = proxies;
    }

    @GetMapping("/returns/{provider}")
    public ResponseEntity<ReturnAnswer> back(
            @PathVariable String provider, @RequestParam Map<String, String> params, HttpServletRequest request) {
        Optional<Provider> p = providers.find(provider);
        if (p.isEmpty()) {
            return ResponseEntity.status(404).body(new ReturnAnswer.Refusal("unknown_provider"));
        }
        if (!p.get().scheme().readsBrowserReturns()) {
            return lookUp(provider, params, false);
        }
        try {
            return confirm(provider, p.get(), params, request, false);
        } catch (Refused refused) {
            return ResponseEntity.status(refused.status()).body(new ReturnAnswer.Refusal(refused.reason()));
        }
    }

    /**
     * The provider's page for a payment that did not go through. What it carries is rarely
     * verifiable (eSewa sends the payer back with nothing), so the payer always lands on
     * {@code return.failure-url}, or on the success page when the order turns out paid after all:
     * a verified {@code data} is read as on the success return, else the query is kept as evidence
     * and the order it names (the merchant's own failure URL names it) is looked up.
     */
    @GetMapping("/returns/{provider}/failure")
    public ResponseEntity<ReturnAnswer> failed(
            @PathVariable String provider, @RequestParam Map<String, String> params, HttpServletRequest request) {
        Optional<Provider> p = providers.find(provider);
        if (p.isEmpty()) {
            return ResponseEntity.status(404).body(new ReturnAnswer.Refusal("unknown_provider"));
        }
        ResponseEntity<ReturnAnswer> answer;
        if (VerifiedReturns.carriesReturn(p.get(), params)) {
            try {
                answer = confirm(provider, p.get(), params, request, true);
            } catch (Refused refused) {
                answer = ResponseEntity.status(refused.status()).body(new ReturnAnswer.Refusal(refused.reason()));
            }
        } else {
            verified.keepFailurePage(provider, request.getQueryString(), client(request));
            answer = lookUp(provider, params, true);
        }
        String page = setting(provider, "failure-url");
        return answer.getStatusCode().is4xxClientError() && page != null ? redirect(page) : answer;
    }

    /**
     * A return whose {@code data} the provider's scheme verifies: always kept and read (it may carry
     * the only token the sweep can ask IME Pay with), and the provider asked with it.
     */
    private ResponseEntity<ReturnAnswer> confirm(
            String provider, Provider p, Map<String, String> params, HttpServletRequest request, boolean failurePage) {
        Verified back = verified.verify(provider, p, params, client(request));
        if (orders.find(back.orderId()).isEmpty()) {
            return ResponseEntity.status(404).body(new ReturnAnswer.Refusal("unknown_order"));
        }
        UUID run = reconciler.confirmReturn(provider, back.orderId(), back.request());
        return answer(provider, back.orderId(), () -> Optional.of(run), failurePage);
    }

    private String client(HttpServletRequest request) {
        return proxies.clientAddress(
                request.getRemoteAddr(), request.getHeader("X-Forwarded-For"), request.getHeader("Forwarded"));
    }

    private ResponseEntity<ReturnAnswer> lookUp(String provider, Map<String, String> params, boolean failurePage) {
        String orderId = null;
        for (String name : ORDER_PARAMS) {
            orderId = orderId != null ? orderId : params.get(name);
        }
        if (orderId == null || Identifiers.problem(orderId, "order_id") != null) {
            return ResponseEntity.badRequest()
                    .body(new ReturnAnswer.Refusal("invalid_request", "the return names no valid order_id"));
        }
        String id = orderId;
        return answer(provider, id, () -> reconciler.checkOnReturn(id), failurePage);
    }

    /**
     * Asks (when the order still waits), then sends the payer on by what the order's status is now;
     * from the provider's failure page, to the failure page unless the order turned out paid.
     */
    private ResponseEntity<ReturnAnswer> answer(
            String provider, String orderId, Supplier<Optional<UUID>> ask, boolean failurePage) {
        Optional<Order> order = orders.find(orderId);
        if (order.isEmpty()) {
            return ResponseEntity.status(404).body(new ReturnAnswer.Refusal("unknown_order"));
        }
        OrderStatus status = order.get().status();
        if (status == OrderStatus.PENDING) {
            Optional<UUID> run = ask.get();
            if (run.isPresent()) {
                reconciler.awaitRun(run.get(), wait);
            }
            status = orders.find(orderId).map(Order::status).orElse(status);
        }
        String page = failurePage && status != OrderStatus.PAID
                ? setting(provider, "failure-url")
                : page(provider, orderId, status);
        if (page == null) {
            return ResponseEntity.ok(new ReturnAnswer.Landed(orderId, status));
        }
        return redirect(page);
    }

    /**
     * The merchant's page for the order as its lookup left it; null when none is configured. The
     * failure page only when the provider said no (the order canceled, or every payment of it
     * failed); an order its provider has not decided yet goes to {@code return.pending-url} when the
     * merchant has one, else to the failure page.
     */
    private String page(String provider, String orderId, OrderStatus status) {
        if (status == OrderStatus.PAID) {
            return setting(provider, "success-url");
        }
        if (status == OrderStatus.PENDING && !payments.allFailed(orderId)) {
            String pending = setting(provider, "pending-url");
            if (pending != null) {
                return pending;
            }
        }
        return setting(provider, "failure-url");
    }

    private String setting(String provider, String page) {
        String value = environment.getProperty("payhook.providers." + provider + ".return." + page);
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static ResponseEntity<ReturnAnswer> redirect(String page) {
        return ResponseEntity.status(302)
                .header(HttpHeaders.LOCATION, URI.create(page).toString())
                .build();
    }
}
