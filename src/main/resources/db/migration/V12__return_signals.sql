-- What started a run for a payer's browser return: 'lookup' (a return with nothing verifiable in it)
-- or 'return:<SHA-256 of the verified return>'. Returns are throttled per order and signal, so a
-- forged or empty return no longer stands in for the payer's real one.
ALTER TABLE reconcile_runs ADD COLUMN signal TEXT;
CREATE INDEX reconcile_runs_return ON reconcile_runs (order_id, signal, started_at DESC) WHERE signal IS NOT NULL;
