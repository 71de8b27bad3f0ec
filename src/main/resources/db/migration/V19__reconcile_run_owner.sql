-- Each run is owned by the gateway instance that started it, which beats for it while it works
-- (payhook.reconcile.heartbeat). Another instance that starts fails only runs whose owner stopped
-- beating: several instances share the database, and a restart must not fail a live run.
ALTER TABLE reconcile_runs ADD COLUMN owner TEXT;
ALTER TABLE reconcile_runs ADD COLUMN heartbeat_at TIMESTAMPTZ;
CREATE INDEX reconcile_runs_running ON reconcile_runs (owner) WHERE status = 'running';
