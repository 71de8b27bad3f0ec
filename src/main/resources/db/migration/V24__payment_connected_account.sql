-- The connected account within the provider's platform a payment belongs to, which the provider's
-- API must be told when asked about it or to refund it (Stripe Connect's account, sent as
-- Stripe-Account); null for the platform's own payments. Learnt from the first event that names it.
ALTER TABLE payments ADD COLUMN connected_account text;
