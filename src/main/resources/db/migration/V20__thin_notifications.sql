-- A thin notification (docs/DESIGN.md §4.3) names an object that processing fetches from the
-- provider's API: its receipt keeps the API's answer, byte for byte, beside the notification.
ALTER TABLE receipts
    ADD COLUMN fetched_kind TEXT,
    ADD COLUMN fetched_body BYTEA,
    ADD COLUMN fetched_at   TIMESTAMPTZ;

-- One row per object an unsigned provider's notifications named: when the latest notification
-- admitted for it is due to be processed. A notification within the window of the last one is
-- put off to the window's end, and one while another is still due is not queued at all.
CREATE TABLE thin_fetches (
    provider  TEXT        NOT NULL,
    object_id TEXT        NOT NULL,
    due_at    TIMESTAMPTZ NOT NULL,
    queued    BOOLEAN     NOT NULL DEFAULT true,
    PRIMARY KEY (provider, object_id)
);
