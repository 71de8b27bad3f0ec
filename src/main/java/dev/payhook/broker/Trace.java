package dev.payhook.broker;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.slf4j.MDC;

/**
 * The W3C trace context of one delivery: the provider's {@code traceparent} when it sent a valid
 * one, a new one otherwise. It is kept on the receipt, travels as the JMS property
 * {@code traceparent} through processing and replay, is in the log MDC ({@code traceId}) of every
 * line about the delivery, and goes out on every outbox message the delivery caused, so one id
 * finds a webhook from the ingress to the merchant's consumer.
 */
public final class Trace {

    /** The JMS property and the MDC key that carry the whole header. */
    public static final String TRACEPARENT = "traceparent";

    /** The MDC key of the 32-hex trace id alone, which the log pattern prints. */
    public static final String TRACE_ID = "traceId";

    private static final Pattern W3C = Pattern.compile("00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final HexFormat HEX = HexFormat.of();

    private Trace() {}

    /** The request's header when it is a valid version-00 traceparent, else a new trace. */
    public static String fromRequest(String header) {
        return header != null && W3C.matcher(header.trim()).matches() ? header.trim() : newTrace();
    }

    /** A new sampled trace with a random trace id and parent id. */
    public static String newTrace() {
        byte[] traceId = new byte[16];
        byte[] parentId = new byte[8];
        RANDOM.nextBytes(traceId);
        RANDOM.nextBytes(parentId);
        return "00-" + HEX.formatHex(traceId) + "-" + HEX.formatHex(parentId) + "-01";
    }

    /** From now on this thread's log lines are about {@code traceparent}. */
    public static void enter(String traceparent) {
        if (traceparent == null) {
            leave();
            return;
        }
        MDC.put(TRACEPARENT, traceparent);
        MDC.put(TRACE_ID, W3C.matcher(traceparent).matches() ? traceparent.substring(3, 35) : traceparent);
    }

    public static void leave() {
        MDC.remove(TRACEPARENT);
        MDC.remove(TRACE_ID);
    }

    /** The trace this thread works for; null outside a delivery. */
    public static String current() {
        return MDC.get(TRACEPARENT);
    }
}
