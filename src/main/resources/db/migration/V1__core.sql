-- Evidence: one row per provider delivery, written before anything is interpreted.
CREATE TABLE receipts (
    id           UUID PRIMARY KEY,
    provider     TEXT        NOT NULL,
    event_id     TEXT,
    order_id     TEXT,
    received_at  TIMESTAMPTZ NOT NULL,
    source_ip    TEXT,
    headers      JSONB       NOT NULL,
    body         BYTEA       NOT NULL,
    trace_id     TEXT,
    outcome      TEXT        NOT NULL DEFAULT 'received',
    reason       TEXT,
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
) WITH (fillfactor = 80);  -- room on each page, so the outcome update stays a heap-only update
CREATE INDEX receipts_event ON receipts (provider, event_id);
CREATE INDEX receipts_order ON receipts (order_id);
CREATE INDEX receipts_received ON receipts (received_at DESC);

-- The first lock: has this message been seen. Written in the event's own transaction.
CREATE TABLE processed_events (
    provider     TEXT        NOT NULL,
    event_id     VARCHAR(512) NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE orders (
    order_id     TEXT PRIMARY KEY,
    amount_minor BIGINT      NOT NULL CHECK (amount_minor >= 0),
    currency     CHAR(3)     NOT NULL,
    sku          TEXT        NOT NULL,
    customer_id  TEXT        NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'pending',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
) WITH (fillfactor = 80);

-- The second lock: has this money been recorded. State is derived from payment_events.
CREATE TABLE payments (
    id                  BIGSERIAL PRIMARY KEY,
    provider            TEXT        NOT NULL,
    provider_payment_id TEXT        NOT NULL,
    order_id            TEXT,
    status              TEXT        NOT NULL DEFAULT 'unknown',
    amount_minor        BIGINT,
    currency            CHAR(3),
    refunded_minor      BIGINT      NOT NULL DEFAULT 0,
    occurred_at         TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (provider, provider_payment_id)
) WITH (fillfactor = 80);
CREATE INDEX payments_order ON payments (order_id);

-- Append-only: every applied event of a payment.
CREATE TABLE payment_events (
    id            BIGSERIAL PRIMARY KEY,
    payment_id    BIGINT      NOT NULL REFERENCES payments (id),
    provider      TEXT        NOT NULL,
    event_id      TEXT        NOT NULL,
    type          TEXT        NOT NULL,
    occurred_at   TIMESTAMPTZ NOT NULL,
    amount_minor  BIGINT,
    currency      CHAR(3),
    refund_id     TEXT,
    receipt_id    UUID        NOT NULL REFERENCES receipts (id),
    recorded_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE NULLS NOT DISTINCT (provider, event_id, type, refund_id)
);
CREATE INDEX payment_events_payment ON payment_events (payment_id);

CREATE TABLE entitlements (
    order_id    TEXT PRIMARY KEY REFERENCES orders (order_id),
    sku         TEXT        NOT NULL,
    customer_id TEXT        NOT NULL,
    status      TEXT        NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE reviews (
    id         BIGSERIAL PRIMARY KEY,
    order_id   TEXT,
    payment_id BIGINT REFERENCES payments (id),
    kind       TEXT        NOT NULL,
    status     TEXT        NOT NULL DEFAULT 'open',
    detail     TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    resolved_at TIMESTAMPTZ
);

-- Transactional outbox: side effects written with the business rows, published after commit.
CREATE TABLE outbox (
    id           BIGSERIAL PRIMARY KEY,
    destination  TEXT        NOT NULL,
    kind         TEXT        NOT NULL,
    dedupe_key   TEXT        NOT NULL UNIQUE,
    payload      JSONB       NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    available_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    attempts     INT         NOT NULL DEFAULT 0,
    last_error   TEXT,
    published_at TIMESTAMPTZ
);
CREATE INDEX outbox_pending ON outbox (available_at) WHERE published_at IS NULL;

CREATE TABLE dead_letters (
    id          UUID PRIMARY KEY,
    receipt_id  UUID        NOT NULL REFERENCES receipts (id),
    provider    TEXT        NOT NULL,
    event_id    TEXT,
    reason      TEXT        NOT NULL,
    detail      TEXT,
    status      TEXT        NOT NULL DEFAULT 'open',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
