-- Offers (docs/conversations.md "Offers"): a buyer and a listing's seller bargain inside
-- their conversation. Each offer is also a message of it (`messages.offer_id`). An
-- `open` offer waits for the other side until `expires_at`; an `accepted` one is the
-- buyer's price until `expires_at`, and `booked` once the buyer booked at it. Amounts
-- are in paisa, as prices are.
ALTER TABLE products ADD COLUMN negotiable BOOLEAN NOT NULL DEFAULT TRUE;

CREATE TABLE offers (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    conversation_id BIGINT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    product_id      BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    buyer_id        BIGINT REFERENCES users (id) ON DELETE SET NULL,
    by_seller       BOOLEAN NOT NULL,
    amount          BIGINT NOT NULL CHECK (amount > 0),
    status          TEXT NOT NULL CHECK (status IN ('open', 'accepted', 'declined',
                        'countered', 'replaced', 'booked', 'lapsed')),
    made_at         TIMESTAMPTZ NOT NULL,
    expires_at      TIMESTAMPTZ NOT NULL,
    answered_at     TIMESTAMPTZ
);
-- At most one offer of a conversation waits for an answer: of two made at once, one.
CREATE UNIQUE INDEX offers_one_open ON offers (conversation_id) WHERE status = 'open';
-- At most one accepted offer holds per conversation; the booking finds it by buyer.
CREATE UNIQUE INDEX offers_one_accepted ON offers (conversation_id) WHERE status = 'accepted';
CREATE INDEX offers_accepted_for ON offers (product_id, buyer_id) WHERE status = 'accepted';
-- The sweep's: what lapses next.
CREATE INDEX offers_lapsing ON offers (expires_at) WHERE status IN ('open', 'accepted');

ALTER TABLE messages ADD COLUMN offer_id BIGINT REFERENCES offers (id) ON DELETE CASCADE;
