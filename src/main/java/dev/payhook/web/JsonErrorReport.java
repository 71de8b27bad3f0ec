package dev.payhook.web;

import jakarta.servlet.RequestDispatcher;
import java.io.IOException;
import java.io.Writer;
import org.apache.catalina.Container;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.beans.factory.ObjectProvider;

/**
 * What Tomcat answers for a request it refuses before any servlet runs (a path with {@code %2f} or
 * {@code %00}, headers over {@code server.max-http-request-header-size}): Payhook's JSON error with a
 * reason, never Tomcat's HTML page. Headers too large are 431, as RFC 6585 says. A refused webhook is
 * counted and kept like every other refusal at the edge.
 */
final class JsonErrorReport extends ErrorReportValve {

    /** Tomcat's own message for headers over the limit: the only sign that a 400 is one. */
    private static final String HEADER_TOO_LARGE = "Request header is too large";

    private final ObjectProvider<EdgeRefusals> refusals;

    private JsonErrorReport(ObjectProvider<EdgeRefusals> refusals) {
        this.refusals = refusals;
    }

    /** Puts this report in place of Tomcat's (and Spring Boot's) on {@code host}. */
    static void install(Container host, ObjectProvider<EdgeRefusals> refusals) {
        for (Valve valve : host.getPipeline().getValves()) {
            if (valve instanceof ErrorReportValve) {
                host.getPipeline().removeValve(valve);
            }
        }
        if (host instanceof StandardHost standard) {
            standard.setErrorReportValveClass(JsonErrorReport.class.getName());
        }
        host.getPipeline().addValve(new JsonErrorReport(refusals));
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        Throwable cause =
                throwable != null ? throwable : (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        ErrorReason reason = headersTooLarge(cause) ? ErrorReason.HEADERS_TOO_LARGE : ErrorReason.of(status);
        response.setStatus(reason.status);
        if (request.getRequestURI() != null) {
            String provider = EdgeRefusals.provider(request);
            EdgeRefusals kept = refusals.getIfAvailable();
            if (provider != null && kept != null) {
                kept.refused(provider, request, reason.wireName, new byte[0]);
            }
        }
        try {
            response.setContentType("application/json");
            response.setCharacterEncoding("utf-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write("{\"error\":\"" + reason.wireName + "\"}");
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException clientGone) {
            // nothing more can be said to a client whose connection is gone
        }
    }

    private static boolean headersTooLarge(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c.getMessage() != null && c.getMessage().startsWith(HEADER_TOO_LARGE)) {
                return true;
            }
        }
        return false;
    }
}
