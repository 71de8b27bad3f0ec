-- Provider product references -> Payhook SKUs; seeded from config/products.yml, edited by ops.
CREATE TABLE products (
    provider   TEXT        NOT NULL,
    ref        TEXT        NOT NULL,
    sku        TEXT        NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, ref)
);

-- The SKU the payment's product references map to, when the provider names products.
ALTER TABLE payments ADD COLUMN sku TEXT;

-- A review is opened once per kind and subject (a payment or an event), however often it is found again.
ALTER TABLE reviews ADD COLUMN subject TEXT;
UPDATE reviews SET subject = id::text WHERE subject IS NULL;
ALTER TABLE reviews ALTER COLUMN subject SET NOT NULL;
ALTER TABLE reviews ADD COLUMN resolved_by TEXT;
ALTER TABLE reviews ADD COLUMN note TEXT;
CREATE UNIQUE INDEX reviews_once ON reviews (kind, subject);
CREATE INDEX reviews_status ON reviews (status, id);
CREATE INDEX reviews_order ON reviews (order_id);

ALTER TABLE dead_letters ADD COLUMN closed_at TIMESTAMPTZ;
ALTER TABLE dead_letters ADD COLUMN closed_by TEXT;
CREATE INDEX dead_letters_status ON dead_letters (status, created_at);

-- Append-only record of what ops did (replay, discard, resolve, product mapping): who, when, what.
CREATE TABLE ops_actions (
    id         BIGSERIAL PRIMARY KEY,
    at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    actor      TEXT        NOT NULL,
    action     TEXT        NOT NULL,
    target     TEXT        NOT NULL,
    receipt_id UUID REFERENCES receipts (id),
    detail     TEXT
);
CREATE INDEX ops_actions_receipt ON ops_actions (receipt_id);
