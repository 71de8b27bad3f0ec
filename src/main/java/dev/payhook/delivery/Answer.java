package dev.payhook.delivery;

/**
 * What one attempt got from the endpoint: an HTTP status with a bounded excerpt of the body, or no
 * answer at all. {@link #result()} is the metric's label.
 */
record Answer(Integer status, String excerpt, String result) {

    /** At most this much of a response body is kept (DESIGN.md §11.2). */
    static final int EXCERPT_BYTES = 1024;

    static Answer of(int status, String excerpt) {
        String result = status >= 200 && status < 300
                ? "2xx"
                : status >= 400 && status < 500 ? "4xx" : status >= 500 && status < 600 ? "5xx" : "error";
        return new Answer(status, excerpt, result);
    }

    /** No answer: {@code timeout} when none came in time, {@code error} when the connection failed. */
    static Answer none(Exception e, boolean timedOut) {
        return new Answer(null, e.getClass().getSimpleName(), timedOut ? "timeout" : "error");
    }

    boolean taken() {
        return "2xx".equals(result);
    }

    /** The status code, or the result when there was none: what ops see as the last status. */
    String statusOrResult() {
        return status == null ? result : Integer.toString(status);
    }
}
