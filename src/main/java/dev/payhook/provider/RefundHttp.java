package dev.payhook.provider;

import java.net.http.HttpResponse;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * How a refund call's HTTP answer reads, the same for every provider that answers in JSON: a 2xx is
 * read by the provider's own mapping; 429 and 5xx tell nothing of the refund (its outcome is
 * unknown: {@link ApiFailure}, tried again under the same reference); any other status is the
 * provider refusing it, named by its status and the error code the body carries.
 */
public final class RefundHttp {

    /** Where the providers put their error's code, for the refusal's reason (never the message: it may echo input). */
    private static final String[] CODES = {"/name", "/code", "/errorCode", "/error/code", "/error_code", "/errorType"};

    private RefundHttp() {}

    public static RefundAnswer answer(
            HttpResponse<byte[]> response, String what, Function<JsonNode, RefundAnswer> accepted) {
        int status = response.statusCode();
        if (status == 429 || status >= 500) {
            throw new ApiFailure(what + ": HTTP " + status);
        }
        JsonNode body;
        try {
            body = WireJson.tree(response.body());
        } catch (UnparseablePayload e) {
            if (status / 100 == 2) {
                throw new ApiFailure(what + ": malformed answer (" + e.getMessage() + ")");
            }
            return new RefundAnswer.Refused(what + " refused: HTTP " + status);
        }
        if (status / 100 == 2) {
            try {
                return accepted.apply(body);
            } catch (UnparseablePayload e) {
                throw new ApiFailure(what + ": malformed answer (" + e.getMessage() + ")");
            }
        }
        for (String pointer : CODES) {
            JsonNode code = body.at(pointer);
            if (code.isString() && code.asString().matches("[A-Za-z0-9_.-]{1,80}")) {
                return new RefundAnswer.Refused(what + " refused: HTTP " + status + " " + code.asString());
            }
        }
        return new RefundAnswer.Refused(what + " refused: HTTP " + status);
    }
}
