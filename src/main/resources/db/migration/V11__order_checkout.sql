-- Where the merchant sent the payer to pay, when the merchant says (PUT /api/orders): the one provider
-- a lookup by order asks, and that provider's own id for the payment or checkout (a Paddle
-- transaction, a PayPal capture), which is how a provider that cannot be searched by order is asked.
ALTER TABLE orders ADD COLUMN provider TEXT, ADD COLUMN provider_reference TEXT;
