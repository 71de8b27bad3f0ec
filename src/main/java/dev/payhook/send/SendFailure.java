package dev.payhook.send;

/** Why {@code send} cannot go on, and what to do about it; printed as two lines, no stack trace. */
final class SendFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    final String fix;

    SendFailure(String problem, String fix) {
        super(problem);
        this.fix = fix;
    }
}
