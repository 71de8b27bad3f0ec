package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.RefundStatus;
import dev.payhook.provider.Money;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.refund.RefundRequests;
import dev.payhook.refund.RefundRequests.Outcome;
import dev.payhook.store.RefundRequestReads;
import dev.payhook.store.RefundRequestReads.RefundView;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Refund requests (DESIGN.md §12): asked for here (the {@code refund} role), called by the refund
 * worker, settled by the provider's refund events. 202 with the request as it stands.
 */
@RestController
public class RefundsController {

    public record RefundBody(
            String provider,
            @JsonProperty("provider_payment_id") String providerPaymentId,
            @JsonProperty("amount_minor") Long amountMinor,
            String currency,
            String reason,
            String note) {}

    public record ReviewRefundBody(String note) {}

    private final RefundRequests requests;
    private final RefundRequestReads store;

    public RefundsController(RefundRequests requests, RefundRequestReads store) {
        this.requests = requests;
        this.store = store;
    }

    @PostMapping("/ops/refunds")
    @Refuses(status = 404, error = "not_found")
    @Refuses(status = 409, error = "amount_exceeds_refundable")
    @Refuses(status = 409, error = "currency_mismatch")
    @Refuses(status = 409, error = "payment_not_refundable")
    @Refuses(status = 422, error = "refund_unsupported")
    public ResponseEntity<RefundView> requestRefund(@RequestBody RefundBody body, HttpServletRequest request) {
        Inputs.identifier(body.provider(), "provider");
        Inputs.identifier(body.providerPaymentId(), "provider_payment_id");
        if (body.amountMinor() == null || body.amountMinor() < 1) {
            throw new InvalidInput("amount_minor must be a whole number of minor units, 1 or more");
        }
        String currency = null;
        if (body.currency() != null) {
            try {
                currency = Money.currency(body.currency());
            } catch (UnparseablePayload e) {
                throw new InvalidInput("currency must be an ISO 4217 code with a minor unit");
            }
        }
        String reason = body.reason() == null ? "requested_by_customer" : body.reason();
        if (!reason.matches("[a-z_]{1,40}")) {
            throw new InvalidInput("reason must be 1 to 40 lower-case letters or _, such as double_payment");
        }
        return answer(requests.request(new RefundRequests.Ask(
                body.provider(),
                body.providerPaymentId(),
                body.amountMinor(),
                currency,
                reason,
                Inputs.text(body.note(), "note", 2000),
                Actor.of(request))));
    }

    /** The refund a double payment's review offers; asking again gives the same request back (200). */
    @PostMapping("/ops/reviews/{id}/refund")
    @Refuses(status = 404, error = "not_found")
    @Refuses(status = 409, error = "not_a_double_payment")
    @Refuses(status = 409, error = "review_not_open")
    @Refuses(status = 409, error = "amount_exceeds_refundable")
    @Refuses(status = 409, error = "payment_not_refundable")
    @Refuses(status = 422, error = "refund_unsupported")
    public ResponseEntity<RefundView> refundReview(
            @PathVariable long id, @RequestBody(required = false) ReviewRefundBody body, HttpServletRequest request) {
        String note = body == null ? null : Inputs.text(body.note(), "note", 2000);
        return answer(requests.forReview(id, note, Actor.of(request)));
    }

    /** Newest first; {@code status=all} (the default) for every one. */
    @GetMapping("/ops/refunds")
    public List<RefundView> listRefundRequests(
            @RequestParam(defaultValue = "all") @OneOf(value = RefundStatus.class, also = "all") String status,
            @RequestParam(defaultValue = "100") int limit) {
        return store.list(Inputs.status(status, RefundStatus.class), Inputs.limit(limit));
    }

    @GetMapping("/ops/refunds/{id}")
    @Refuses(status = 404, error = "unknown_refund_request")
    public RefundView getRefundRequest(@PathVariable UUID id) {
        return store.view(id).orElseThrow(() -> Refusal.unknown("unknown_refund_request"));
    }

    private ResponseEntity<RefundView> answer(Outcome outcome) {
        if (outcome instanceof RefundRequests.Created c) {
            return ResponseEntity.status(202).body(view(c.request().id()));
        }
        if (outcome instanceof RefundRequests.Existing e) {
            return ResponseEntity.ok(view(e.request().id()));
        }
        if (outcome instanceof RefundRequests.Unsupported u) {
            throw Refusal.unprocessable("refund_unsupported", u.reason());
        }
        if (outcome instanceof RefundRequests.NotFound n) {
            throw Refusal.unknown("not_found", n.what());
        }
        RefundRequests.Conflict c = (RefundRequests.Conflict) outcome;
        throw Refusal.conflict(c.error(), c.detail());
    }

    private RefundView view(UUID id) {
        return store.view(id).orElseThrow();
    }
}
