-- The provider's own type of each event (payment_intent.succeeded, TRADE_SUCCESS), so what flowed
-- through can be shown by type without reading each body again. Null for rows written before.
ALTER TABLE receipt_events ADD COLUMN type TEXT;
