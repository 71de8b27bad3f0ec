package dev.payhook.send;

import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;

/** Why {@code send} cannot go on, and what to do about it; printed as two lines, no stack trace. */
final class SendFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    final String fix;

    SendFailure(String problem, String fix) {
        super(problem);
        this.fix = fix;
    }

    /** Why a call got no answer, in words: the JDK's client often gives no message at all. */
    static String why(IOException e) {
        if (e instanceof ConnectException) {
            return "connection refused (nothing listens there)";
        }
        if (e instanceof HttpTimeoutException) {
            return "no answer in time";
        }
        if (e instanceof UnknownHostException) {
            return "unknown host " + e.getMessage();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
