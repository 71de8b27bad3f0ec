package dev.payhook.provider.khalti;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KeylessRefunds;
import dev.payhook.provider.RefundAnswer;
import dev.payhook.provider.RefundCall;
import dev.payhook.provider.RefundHttp;
import dev.payhook.provider.WireJson;
import java.net.http.HttpResponse;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Khalti's refund API (https://docs.khalti.com/api/refund/): {@code POST
 * /merchant-transaction/{transaction_id}/refund/}, the transaction id from the lookup, with no
 * body for a whole wallet payment. Khalti takes no reference and names no refund: the lookup is
 * asked first, and a payment it says {@code Refunded} is not refunded again; the reference is the
 * refund's id, settled once the lookup says so. Whole payments only; a bank payment, which Khalti
 * refunds only with the payer's mobile number, is refused by Khalti and left to its dashboard.
 */
final class KhaltiRefunds extends KeylessRefunds {

    static final String REFUND = "khalti.refund";
    private static final String CREATE = "POST /merchant-transaction/{id}/refund/";

    private final KhaltiApi.Lookup lookup;

    KhaltiRefunds(KhaltiApi.Lookup lookup) {
        super(lookup.calls());
        this.lookup = lookup;
    }

    @Override
    protected RefundAnswer listed(RefundCall call) {
        Fact fact = looked(call);
        String status = String.valueOf(WireJson.text(WireJson.tree(fact.body()).path("answer"), "status"));
        return switch (status) {
            case "Completed" -> new RefundAnswer.NotFound();
            case "Refunded" -> new RefundAnswer.Known(call.reference(), fact);
            default ->
                new RefundAnswer.Refused("Khalti says the payment is " + status + ": nothing Payhook can refund");
        };
    }

    @Override
    protected RefundAnswer post(RefundCall call) {
        Fact fact = looked(call);
        JsonNode answer = WireJson.tree(fact.body()).path("answer");
        String transaction = WireJson.text(answer, "transaction_id");
        if (transaction == null || transaction.isBlank()) {
            return new RefundAnswer.Refused("Khalti names no transaction for the payment");
        }
        HttpResponse<byte[]> refunded = lookup.calls()
                .postAuthorized(
                        lookup.base() + "/merchant-transaction/" + ApiCalls.encode(transaction) + "/refund/",
                        lookup.authorization(),
                        Map.of(),
                        CREATE);
        return RefundHttp.answer(refunded, CREATE, ok -> new RefundAnswer.Known(call.reference(), null));
    }

    /** The payment as Khalti's lookup says now, with the reference asked about. */
    private Fact looked(RefundCall call) {
        return lookup.once(REFUND, call.providerPaymentId(), Map.of("reference", call.reference()))
                .orElseThrow(() -> new ApiFailure(KhaltiApi.LOOKUP + ": Khalti does not know the payment"));
    }
}
