-- Listings reviewed when it matters (docs/trust.md "Listings reviewed when it matters"):
-- a listing's state, the reason an admin gave, and the flags that sent it to review.
-- Every listing posted before is live. The later states (expired, removed) are named now
-- so that the check need not change with them.
ALTER TABLE products ADD COLUMN state TEXT NOT NULL DEFAULT 'live'
    CHECK (state IN ('pending', 'live', 'rejected', 'expired', 'removed'));
ALTER TABLE products ADD COLUMN state_reason TEXT;
-- The rules that sent it to review, comma-separated (first_listing, contact, ...).
ALTER TABLE products ADD COLUMN review_flags TEXT;
ALTER TABLE products ADD COLUMN review_asked_at TIMESTAMPTZ;
-- The admin who last decided it, and when.
ALTER TABLE products ADD COLUMN reviewed_by BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE products ADD COLUMN reviewed_at TIMESTAMPTZ;
-- The admins' queue, oldest first.
CREATE INDEX products_in_review ON products (review_asked_at, id) WHERE state = 'pending';
-- Live listings of a brand and model, for the price a new one is held against.
CREATE INDEX products_comparable ON products (brand, model, id) WHERE state = 'live';
-- What only a listing's seller and the admins see of a listing that is not public goes
-- to them: the `seller` audience (its `seller_id` says whose).
ALTER TABLE events DROP CONSTRAINT events_audience_check;
ALTER TABLE events ADD CONSTRAINT events_audience_check
    CHECK (audience IN ('public', 'admins', 'parties', 'deal', 'recipient', 'seller'));
