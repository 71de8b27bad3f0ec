-- The trace of the delivery that caused each outbox row, published as the JMS property traceparent.
ALTER TABLE outbox ADD COLUMN traceparent TEXT;
