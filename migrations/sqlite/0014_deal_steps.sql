-- SQLite twin of migrations/postgres/0014_deal_steps.sql (same version, same shape).
-- Every step of every deal, as it happened: who took it, what the booking became, and
-- the money and provider id when money moved.
CREATE TABLE deal_steps (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id    INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    at          TEXT NOT NULL,
    actor       TEXT NOT NULL CHECK (actor IN ('buyer', 'seller', 'admin', 'server')),
    actor_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    step        TEXT NOT NULL,
    status      TEXT NOT NULL,
    amount      INTEGER,
    provider_id TEXT,
    detail      TEXT
) STRICT;
CREATE INDEX deal_steps_by_order ON deal_steps (order_id, id);
