-- The order's own counter for the messages that tell the merchant of it (DESIGN.md §11.1): +1 on
-- every committed change of its status or entitlement, so a consumer keeps the highest it has seen.
ALTER TABLE orders ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
