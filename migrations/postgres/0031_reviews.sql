-- Reviews from real deals (docs/trust.md "Reviews from real deals"): the buyer of a
-- completed deal rates its seller once; the seller answers once.
CREATE TABLE reviews (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id   BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    seller_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    buyer_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    stars      INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    text       TEXT NOT NULL,
    reply      TEXT,
    replied_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);
-- One review a deal.
CREATE UNIQUE INDEX reviews_one_a_deal ON reviews (order_id);
CREATE INDEX reviews_by_seller ON reviews (seller_id, id);
