-- What each subscriber of payhook.events did with each message, by the message's key (the outbox's
-- dedupe_key, sent as webhook-id): written by the delivery steps, read by the console's flow page.
-- A message a subscriber wants and has no row for here is still on its way to it.
CREATE TABLE deliveries (
    message_key TEXT        NOT NULL,
    subscriber  TEXT        NOT NULL,
    state       TEXT        NOT NULL CHECK (state IN ('delivered', 'retrying', 'parked')),
    attempts    INT         NOT NULL,
    last_result TEXT,
    at          TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (message_key, subscriber)
);
