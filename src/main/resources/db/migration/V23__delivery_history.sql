-- Every word of each message's way to each subscriber, as it came: each failed attempt with its
-- result, parked, replayed (by whom), delivered. The console's Flow page derives where a message
-- stands from these rows alone, and shows them all. It takes over from deliveries, which held the
-- latest word only (a replayed message then read "delivered, attempt 1"); deliveries stays until
-- no version that writes it can still run.
CREATE TABLE delivery_history (
    id          BIGSERIAL   PRIMARY KEY,
    message_key TEXT        NOT NULL,
    subscriber  TEXT        NOT NULL,
    state       TEXT        NOT NULL CHECK (state IN ('delivered', 'retrying', 'parked', 'replayed')),
    attempts    INT         NOT NULL,
    last_result TEXT,
    actor       TEXT,
    at          TIMESTAMPTZ NOT NULL
);
CREATE INDEX delivery_history_message ON delivery_history (message_key, id);

INSERT INTO delivery_history (message_key, subscriber, state, attempts, last_result, at)
SELECT message_key, subscriber, state, attempts, last_result, at FROM deliveries;

-- When each subscriber's queue was first declared: a message published before then never was on
-- it. A subscriber that left records before this table existed counts from its first one.
CREATE TABLE event_subscribers (
    name  TEXT        PRIMARY KEY,
    since TIMESTAMPTZ NOT NULL
);

INSERT INTO event_subscribers (name, since)
SELECT subscriber, min(at) FROM deliveries GROUP BY subscriber;

-- The last word per message and subscriber: where each message stands, for a query by hand. By
-- time: a replay is written once the broker took the copy back, when its consumer may have
-- delivered it already.
CREATE VIEW delivery_latest AS
SELECT DISTINCT ON (message_key, subscriber) message_key, subscriber, state, attempts, last_result, actor, at
FROM delivery_history
ORDER BY message_key, subscriber, at DESC, id DESC;
