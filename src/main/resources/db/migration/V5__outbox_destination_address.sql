-- The outbox names a destination by its broker address (payhook.events), as broker.Destination does,
-- instead of the Camel-style "topic:payhook.events".
UPDATE outbox SET destination = split_part(destination, ':', 2) WHERE destination LIKE '%:%';
