-- SQLite twin of migrations/postgres/0028_listing_review.sql (same version, same shape).
-- Listings reviewed when it matters (docs/trust.md "Listings reviewed when it matters"):
-- a listing's state, the reason an admin gave, and the flags that sent it to review.
-- Every listing posted before is live. The later states (expired, removed) are named now
-- so that the check need not change with them.
ALTER TABLE products ADD COLUMN state TEXT NOT NULL DEFAULT 'live'
    CHECK (state IN ('pending', 'live', 'rejected', 'expired', 'removed'));
ALTER TABLE products ADD COLUMN state_reason TEXT;
-- The rules that sent it to review, comma-separated (first_listing, contact, ...).
ALTER TABLE products ADD COLUMN review_flags TEXT;
ALTER TABLE products ADD COLUMN review_asked_at TEXT;
-- The admin who last decided it, and when.
ALTER TABLE products ADD COLUMN reviewed_by INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE products ADD COLUMN reviewed_at TEXT;
-- The admins' queue, oldest first.
CREATE INDEX products_in_review ON products (review_asked_at, id) WHERE state = 'pending';
-- Live listings of a brand and model, for the price a new one is held against.
CREATE INDEX products_comparable ON products (brand, model, id) WHERE state = 'live';
-- What only a listing's seller and the admins see of a listing that is not public goes
-- to them: the `seller` audience (its `seller_id` says whose). SQLite cannot change a
-- CHECK in place: the log is copied into a table with the new one, keeping every
-- sequence number and the counter behind them (as 0015 did).
CREATE TABLE events_new (
    seq            INTEGER PRIMARY KEY AUTOINCREMENT,
    name           TEXT NOT NULL,
    audience       TEXT NOT NULL
        CHECK (audience IN ('public', 'admins', 'parties', 'deal', 'recipient', 'seller')),
    buyer_id       INTEGER,
    seller_id      INTEGER,
    data           TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    public_data    TEXT,
    ends_access_of INTEGER,
    recipient_id   INTEGER
) STRICT;
INSERT INTO events_new (seq, name, audience, buyer_id, seller_id, data, created_at,
                        public_data, ends_access_of, recipient_id)
    SELECT seq, name, audience, buyer_id, seller_id, data, created_at, public_data,
           ends_access_of, recipient_id FROM events;
DELETE FROM sqlite_sequence WHERE name = 'events_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'events_new', seq FROM sqlite_sequence WHERE name = 'events';
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
