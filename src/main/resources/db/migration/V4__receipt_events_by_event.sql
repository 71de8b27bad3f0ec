-- Finding a delivery by any of its events (the second item of an Adyen batch, say).
CREATE INDEX receipt_events_event ON receipt_events (event_id);
