-- Ops filter dead letters by the event type the message named (the provider's own word; null when
-- the message could not be read) and act on a filter's whole result at once.
ALTER TABLE dead_letters ADD COLUMN event_type TEXT;
CREATE INDEX dead_letters_open_reason ON dead_letters (reason, created_at) WHERE status = 'open';

-- The rows of one bulk replay or discard share a batch id: "what did that request touch".
ALTER TABLE ops_actions ADD COLUMN batch_id UUID;
CREATE INDEX ops_actions_batch ON ops_actions (batch_id) WHERE batch_id IS NOT NULL;
