-- What came in unverified and was not acted on: a browser return whose data did not verify or could
-- not be read, or a return to a provider's failure page (nothing to verify). Anyone can send these,
-- so they are kept apart from the receipts: at most payhook.evidence.refused-per-minute per
-- provider, dropped after payhook.evidence.refused-retention.
CREATE TABLE refused_requests (
    id          UUID PRIMARY KEY,
    provider    TEXT        NOT NULL,
    received_at TIMESTAMPTZ NOT NULL,
    source_ip   TEXT,
    reason      TEXT        NOT NULL,
    body        BYTEA       NOT NULL
);
CREATE INDEX refused_requests_received ON refused_requests (received_at);
CREATE INDEX refused_requests_provider ON refused_requests (provider, received_at DESC);
