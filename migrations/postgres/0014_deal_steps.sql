-- Every step of every deal, as it happened (docs/deals.md, "Timeline"): who took it (the
-- buyer, the seller, an admin, or the server itself), what the booking became, and the
-- money and provider id when money moved. Admins read it to settle what went wrong; it
-- is written in the step's own transaction, so it never tells of a step that did not
-- commit. A booking's steps go with it.
CREATE TABLE deal_steps (
    id          BIGSERIAL PRIMARY KEY,
    order_id    BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    at          TIMESTAMPTZ NOT NULL,
    actor       TEXT NOT NULL CHECK (actor IN ('buyer', 'seller', 'admin', 'server')),
    actor_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    step        TEXT NOT NULL,
    status      TEXT NOT NULL,
    amount      BIGINT,
    provider_id TEXT,
    detail      TEXT
);
CREATE INDEX deal_steps_by_order ON deal_steps (order_id, id);
