package dev.payhook.ops;

/** A request the ops or merchant API cannot take as it is: 400, with what is wrong in words. */
class InvalidInput extends RuntimeException {

    /** The answer's {@code error}: which kind of input was wrong. */
    private final String error;

    InvalidInput(String detail) {
        this("invalid_request", detail);
    }

    private InvalidInput(String error, String detail) {
        super(detail, null, false, false);
        this.error = error;
    }

    /** A query or filter parameter out of its form or range; {@code detail} names it and what it may be. */
    static InvalidInput parameter(String detail) {
        return new InvalidInput("invalid_parameter", detail);
    }

    String error() {
        return error;
    }
}
