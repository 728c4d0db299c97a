-- SQLite twin of migrations/postgres/0004_stripe_events.sql (same version, same shape).
-- Stripe webhook events already handled, by event id: Stripe delivers at least once,
-- and a repeat is answered without doing the work again.
CREATE TABLE stripe_events (
    id          TEXT PRIMARY KEY,
    received_at TEXT NOT NULL
) STRICT;
