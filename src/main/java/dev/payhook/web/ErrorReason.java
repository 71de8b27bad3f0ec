package dev.payhook.web;

/**
 * The {@code error} of an answer that no handler of Payhook's chose: the container refused the
 * request (a path it will not decode, headers over its limit) or Spring could not route it.
 */
enum ErrorReason {
    MALFORMED_REQUEST(400, "malformed_request"),
    NOT_FOUND(404, "not_found"),
    METHOD_NOT_ALLOWED(405, "method_not_allowed"),
    NOT_ACCEPTABLE(406, "not_acceptable"),
    BODY_TIMEOUT(408, "body_timeout"),
    BODY_TOO_LARGE(413, "body_too_large"),
    UNSUPPORTED_CONTENT_TYPE(415, "unsupported_content_type"),
    HEADERS_TOO_LARGE(431, "headers_too_large"),
    NOT_READY(503, "not_ready"),
    INTERNAL_ERROR(500, "internal_error");

    final int status;
    final String wireName;

    ErrorReason(int status, String wireName) {
        this.status = status;
        this.wireName = wireName;
    }

    /** The reason for a status; one without its own is a client's (4xx) or the server's (5xx) error. */
    static ErrorReason of(int status) {
        for (ErrorReason r : values()) {
            if (r.status == status) {
                return r;
            }
        }
        return status < 500 ? MALFORMED_REQUEST : INTERNAL_ERROR;
    }
}
