package dev.payhook.ingress;

/** A request refused before verification (unknown provider, wrong content type). */
public class IngressRefusal extends RuntimeException {

    private final int status;
    private final String reason;

    public IngressRefusal(int status, String reason) {
        super(reason, null, false, false);
        this.status = status;
        this.reason = reason;
    }

    public int status() {
        return status;
    }

    public String reason() {
        return reason;
    }
}
