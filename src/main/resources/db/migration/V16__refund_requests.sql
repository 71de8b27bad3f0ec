-- Money Payhook asks a provider to give back (DESIGN.md §12). One row per request; its id makes the
-- reference (payhook-<id>) that every call about it carries as the provider's idempotency key.
CREATE TABLE refund_requests (
    id                 UUID PRIMARY KEY,
    provider           TEXT        NOT NULL,
    payment_id         BIGINT      NOT NULL REFERENCES payments (id),
    order_id           TEXT,
    review_id          BIGINT REFERENCES reviews (id),
    amount_minor       BIGINT      NOT NULL CHECK (amount_minor > 0),
    currency           CHAR(3)     NOT NULL,
    reason             TEXT        NOT NULL,
    note               TEXT,
    status             TEXT        NOT NULL DEFAULT 'requested',
    provider_refund_id TEXT,
    attempts           INT         NOT NULL DEFAULT 0,
    error              TEXT,
    requested_by       TEXT        NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- when a worker next takes it up: a call, or a question about one; also its lease while it calls
    next_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- a review gives back once: a second request for it only after the first failed
CREATE UNIQUE INDEX refund_requests_of_review ON refund_requests (review_id)
    WHERE review_id IS NOT NULL AND status <> 'failed';
CREATE UNIQUE INDEX refund_requests_by_refund ON refund_requests (provider, provider_refund_id)
    WHERE provider_refund_id IS NOT NULL;
CREATE INDEX refund_requests_of_payment ON refund_requests (payment_id);
CREATE INDEX refund_requests_due ON refund_requests (next_at) WHERE status IN ('requested', 'submitted', 'unknown');
