package dev.payhook.ops;

/** A request the ops or merchant API cannot take as it is: 400, with what is wrong in words. */
class InvalidInput extends RuntimeException {

    InvalidInput(String detail) {
        super(detail, null, false, false);
    }
}
