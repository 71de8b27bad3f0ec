-- Subscriptions (docs/DESIGN.md §8): derived like payments, from their append-only events.
CREATE TABLE subscriptions (
    id                       BIGSERIAL PRIMARY KEY,
    provider                 TEXT        NOT NULL,
    provider_subscription_id TEXT        NOT NULL,
    order_id                 TEXT,       -- the sign-up order, from the subscription's metadata
    status                   TEXT        NOT NULL DEFAULT 'unknown',
    current_period_end       TIMESTAMPTZ,
    cancel_at                TIMESTAMPTZ,
    canceled_at              TIMESTAMPTZ,
    past_due_since           TIMESTAMPTZ,
    price_minor              BIGINT,
    currency                 CHAR(3),
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (provider, provider_subscription_id)
) WITH (fillfactor = 80);
CREATE INDEX subscriptions_order ON subscriptions (order_id);

-- Append-only: every applied event of a subscription, its payments' successes and failures included.
CREATE TABLE subscription_events (
    id                 BIGSERIAL PRIMARY KEY,
    subscription_id    BIGINT      NOT NULL REFERENCES subscriptions (id),
    provider           TEXT        NOT NULL,
    event_id           TEXT        NOT NULL,
    type               TEXT        NOT NULL,
    occurred_at        TIMESTAMPTZ NOT NULL,
    reported_status    TEXT,
    current_period_end TIMESTAMPTZ,
    cancel_at          TIMESTAMPTZ,
    amount_minor       BIGINT,     -- the pre-tax price of a period, or what a renewal billed before tax
    currency           CHAR(3),
    receipt_id         UUID        NOT NULL REFERENCES receipts (id),
    recorded_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (provider, event_id, type)
);
CREATE INDEX subscription_events_subscription ON subscription_events (subscription_id);

-- A renewal is a payment of its subscription; the order is reached through it.
ALTER TABLE payments ADD COLUMN subscription_id BIGINT REFERENCES subscriptions (id);
CREATE INDEX payments_subscription ON payments (subscription_id) WHERE subscription_id IS NOT NULL;

-- When an entitlement changes by the passing of time alone (end of grace, end of the paid period).
ALTER TABLE entitlements ADD COLUMN changes_at TIMESTAMPTZ;
CREATE INDEX entitlements_changes ON entitlements (changes_at) WHERE changes_at IS NOT NULL;
