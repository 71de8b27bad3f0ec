package dev.payhook.provider;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * A keyless refund API that lists a payment's refunds (Paddle, Dodo, Razorpay): each attempt lists
 * them and looks for the one carrying the call's reference before it posts a new one. What differs
 * between providers is data, its {@link Spec}; the calls, the search and the reading are here.
 */
public final class ListedRefunds extends KeylessRefunds {

    /**
     * How one provider's refund API is called and read.
     *
     * @param create the refund's creation: {@code POST} of {@code body} to its path
     * @param body the creation's JSON body for a call
     * @param created the field of the creation's answer holding the refund, or null: the whole answer
     * @param list the listing of the payment's refunds: {@code GET} of its path
     * @param items the field of the listing's answer holding the refunds
     * @param ours whether a listed refund is the call's (by its reference)
     * @param object how a refund object reads
     */
    public record Spec(
            Path create,
            Function<RefundCall, Map<String, Object>> body,
            String created,
            Path list,
            String items,
            BiPredicate<JsonNode, RefundCall> ours,
            Shape object) {}

    /** A call by what it is named in messages, and its path (query included) for a refund call. */
    public record Path(String what, Function<RefundCall, String> path) {}

    /** A refund object: the fact kind it is kept as, its id field, and the statuses that settle it. */
    public record Shape(String kind, String idField, Set<String> settled) {

        RefundAnswer known(JsonNode refund, byte[] bytes) {
            String id = WireJson.require(WireJson.text(refund, idField), idField);
            boolean settled = this.settled.contains(WireJson.text(refund, "status"));
            return new RefundAnswer.Known(id, settled ? new Fact(kind, bytes) : null);
        }
    }

    private final String base;
    private final String authorization;
    private final Spec spec;

    /** {@code authorization} is the whole header: {@code Bearer <key>}, {@code Basic <..>}. */
    public ListedRefunds(String base, String authorization, ApiCalls calls, Spec spec) {
        super(calls);
        this.base = base;
        this.authorization = authorization;
        this.spec = spec;
    }

    /** A refund is the call's when its {@code reason} starts with the call's reference. */
    public static BiPredicate<JsonNode, RefundCall> byReason() {
        return (refund, call) -> names(WireJson.text(refund, "reason"), call);
    }

    @Override
    protected RefundAnswer post(RefundCall call) {
        String what = spec.create().what();
        HttpResponse<byte[]> answer = calls.postAuthorized(
                base + spec.create().path().apply(call),
                authorization,
                spec.body().apply(call),
                what);
        return RefundHttp.answer(answer, what, tree -> {
            if (spec.created() == null) {
                return spec.object().known(tree, answer.body());
            }
            JsonNode refund = tree.path(spec.created());
            return spec.object().known(refund, refund.toString().getBytes(StandardCharsets.UTF_8));
        });
    }

    @Override
    protected RefundAnswer listed(RefundCall call) {
        String what = spec.list().what();
        HttpResponse<byte[]> answer = calls.getOnce(base + spec.list().path().apply(call), authorization, what);
        try {
            for (WireJson.Element refund :
                    WireJson.listing(answer.body(), spec.items()).elements()) {
                if (spec.ours().test(refund.tree(), call)) {
                    return spec.object().known(refund.tree(), refund.bytes());
                }
            }
        } catch (UnparseablePayload e) {
            throw new ApiFailure(what + ": malformed answer (" + e.getMessage() + ")");
        }
        return new RefundAnswer.NotFound();
    }
}
