package dev.payhook.reconcile;

import dev.payhook.payment.WireName;

/** What started a reconciliation run (docs/DESIGN.md §7). */
public enum RunTrigger implements WireName {
    /** {@code POST /ops/reconcile {"order_id"}}, or a payer's browser return: one order at its provider. */
    ORDER,
    /** {@code POST /ops/reconcile {"provider"[, "since"]}}: one provider's feed, else its pending orders. */
    PROVIDER,
    /** Every sweep interval: long-pending orders and payments in {@code unknown}. */
    SWEEP,
    /** Once a day: every feed over the lookback. */
    DAILY
}
