package dev.payhook.ops;

/**
 * A request the API understood and will not carry out: the thing it names is unknown (404), or
 * the state it would change says no (409). {@link ApiErrors} answers it as an {@link ApiError}, so
 * a handler returns its typed answer and throws this for the others.
 */
class Refusal extends RuntimeException {

    private final int status;

    private Refusal(int status, String error) {
        super(error, null, false, false);
        this.status = status;
    }

    static Refusal unknown(String error) {
        return new Refusal(404, error);
    }

    static Refusal conflict(String error) {
        return new Refusal(409, error);
    }

    int status() {
        return status;
    }
}
