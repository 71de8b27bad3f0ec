-- Evidence retention: past payhook.evidence.retention a receipt keeps its row, outcome and the
-- SHA-256 of its body; the raw body itself is dropped.
ALTER TABLE receipts ALTER COLUMN body DROP NOT NULL;
ALTER TABLE receipts ADD COLUMN body_sha256 BYTEA;
ALTER TABLE receipts ADD COLUMN body_dropped_at TIMESTAMPTZ;
