-- Active reconciliation (docs/DESIGN.md §7). A fact the reconciler learned from a provider's API is
-- a receipt like a webhook: its source says so, its run names the run, its fact says how to read it.
ALTER TABLE receipts
    ADD COLUMN source TEXT NOT NULL DEFAULT 'webhook',
    ADD COLUMN run_id UUID,
    ADD COLUMN fact   TEXT;
CREATE INDEX receipts_run ON receipts (run_id) WHERE run_id IS NOT NULL;

CREATE TABLE reconcile_runs (
    id          UUID PRIMARY KEY,
    trigger     TEXT        NOT NULL,
    provider    TEXT,
    order_id    TEXT,
    since       TIMESTAMPTZ,
    status      TEXT        NOT NULL DEFAULT 'running',
    checked     INT         NOT NULL DEFAULT 0,
    applied     INT         NOT NULL DEFAULT 0,
    unchanged   INT         NOT NULL DEFAULT 0,
    error       TEXT,
    started_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at TIMESTAMPTZ
);
CREATE INDEX reconcile_runs_started ON reconcile_runs (started_at DESC);

CREATE TABLE reconcile_findings (
    id       BIGSERIAL PRIMARY KEY,
    run_id   UUID NOT NULL REFERENCES reconcile_runs (id),
    kind     TEXT NOT NULL,
    order_id TEXT,
    detail   TEXT
);
CREATE INDEX reconcile_findings_run ON reconcile_findings (run_id);

-- Where each provider's event feed was read up to: an event id (paddle) or a time (stripe).
CREATE TABLE reconcile_cursors (
    provider   TEXT PRIMARY KEY,
    position   TEXT        NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
