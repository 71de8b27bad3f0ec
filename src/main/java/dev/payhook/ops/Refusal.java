package dev.payhook.ops;

/**
 * A request the API understood and will not carry out: the thing it names is unknown (404), the
 * state it would change says no (409), or the provider cannot do it (422). {@link ApiErrors}
 * answers it as an {@link ApiError}, so a handler returns its typed answer and throws this for the
 * others.
 */
class Refusal extends RuntimeException {

    private final int status;
    private final String error;

    private Refusal(int status, String error, String detail) {
        super(detail, null, false, false);
        this.status = status;
        this.error = error;
    }

    static Refusal unknown(String error) {
        return new Refusal(404, error, null);
    }

    static Refusal unknown(String error, String detail) {
        return new Refusal(404, error, detail);
    }

    static Refusal conflict(String error) {
        return new Refusal(409, error, null);
    }

    static Refusal conflict(String error, String detail) {
        return new Refusal(409, error, detail);
    }

    static Refusal unprocessable(String error, String detail) {
        return new Refusal(422, error, detail);
    }

    int status() {
        return status;
    }

    ApiError answer() {
        return new ApiError(error, getMessage());
    }
}
