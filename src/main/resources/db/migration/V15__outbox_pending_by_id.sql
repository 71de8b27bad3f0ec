-- The workers take the oldest due rows first (ORDER BY id LIMIT n FOR UPDATE SKIP LOCKED). On the
-- index by available_at, PostgreSQL read and sorted every pending row for each batch, so a backlog
-- slowed the very batches that were to clear it; by id, a batch reads about its own rows.
DROP INDEX outbox_pending;
CREATE INDEX outbox_pending ON outbox (id) WHERE published_at IS NULL;
