package dev.payhook.config;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What an ops token may do on the management listener. Reading and changing are apart, and giving
 * money back is apart from both: a dashboard's token need not replay anything, and the people who
 * resolve dead letters need not be able to refund. A shop's back end only registers its orders.
 */
public enum OpsRole {
    /** Every GET: lists, evidence, metrics, the console's pages. */
    READ,
    /** Replay, discard, resolve, reconcile, register orders and products. */
    OPERATE,
    /** Create refund requests: the calls that move money back to a payer. */
    REFUND,
    /**
     * Register orders and read them back ({@code PUT} and {@code GET /api/orders/{id}}), nothing
     * else: the merchant's own back end, which need not see other orders' evidence or ops data.
     */
    ORDERS;

    /** What the single {@code payhook.ops.token} may do. */
    public static final Set<OpsRole> ALL = Set.copyOf(EnumSet.allOf(OpsRole.class));

    /** As configuration and answers spell it. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
