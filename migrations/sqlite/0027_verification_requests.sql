-- SQLite twin of migrations/postgres/0027_verification_requests.sql (same version, same shape).
-- Sellers verified with evidence (docs/trust.md "Sellers verified with evidence"): a
-- seller's request, with the private names of three photos (the ID's front and back, the
-- seller holding it) while it waits, and an admin's decision.
CREATE TABLE verification_requests (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    seller_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    front      TEXT,
    back       TEXT,
    selfie     TEXT,
    state      TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'rejected')),
    reason     TEXT,
    created_at TEXT NOT NULL,
    decided_at TEXT,
    decided_by INTEGER REFERENCES users (id) ON DELETE SET NULL
) STRICT;
-- One pending request per seller.
CREATE UNIQUE INDEX verification_requests_one_pending ON verification_requests (seller_id)
    WHERE state = 'pending';
CREATE INDEX verification_requests_by_seller ON verification_requests (seller_id, id);
