-- Stripe webhook events already handled, by event id: Stripe delivers at least once,
-- and a repeat is answered without doing the work again.
CREATE TABLE stripe_events (
    id          TEXT PRIMARY KEY,
    received_at TIMESTAMPTZ NOT NULL
);
