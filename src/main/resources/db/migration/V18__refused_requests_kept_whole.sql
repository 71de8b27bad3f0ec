-- Every refusal at a provider's endpoint is kept (within its bounds), not only browser returns: the
-- headers as they came (credential values replaced), the body's length and SHA-256 over all of it,
-- its first 64 KB in body.
ALTER TABLE refused_requests ADD COLUMN headers JSONB NOT NULL DEFAULT '{}';
ALTER TABLE refused_requests ADD COLUMN body_length INTEGER;
ALTER TABLE refused_requests ADD COLUMN body_sha256 BYTEA;
CREATE INDEX refused_requests_reason ON refused_requests (reason, received_at DESC);

-- How many of a provider's refused requests were kept in its current window (a minute from the first
-- one counted), across instances. Its one row is the lock that serialises concurrent refusals: a
-- burst keeps exactly the cap, never more.
CREATE TABLE refused_budget (
    provider     TEXT PRIMARY KEY,
    window_start TIMESTAMPTZ NOT NULL,
    used         INTEGER     NOT NULL
);
