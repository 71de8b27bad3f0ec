-- What processing did with each event of a delivery: an Adyen batch or a Stripe charge.refunded
-- listing several refunds is one receipt with several events, each with its own outcome.
CREATE TABLE receipt_events (
    receipt_id UUID        NOT NULL REFERENCES receipts (id),
    event_id   TEXT        NOT NULL,
    outcome    TEXT        NOT NULL,
    reason     TEXT,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (receipt_id, event_id)
);
