package dev.payhook.provider;

/**
 * A provider's API did not give a usable answer (timeout, error status, a malformed or unverifiable
 * response). The message says what failed in words safe to log and show: never a credential.
 */
public class ApiFailure extends RuntimeException {

    public ApiFailure(String message) {
        super(message);
    }
}
