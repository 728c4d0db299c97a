-- SQLite twin of migrations/postgres/0010_audit.sql (same version, same shape).
-- "Sign out everywhere" ends sessions, and also the proofs of identity made before it:
-- an identity token (ours or Firebase's) proven before `proven_before` (Unix seconds)
-- opens no new session for `subject`.
CREATE TABLE signed_out (
    subject       TEXT PRIMARY KEY,
    proven_before INTEGER NOT NULL
) STRICT;

-- Accounts an admin removed: their address and subject may not come back (someone who
-- was removed cannot sign up again at once with the same address or sign-in).
CREATE TABLE removed_accounts (
    email      TEXT NOT NULL,
    subject    TEXT NOT NULL,
    removed_at TEXT NOT NULL
) STRICT;
CREATE INDEX removed_accounts_by_email ON removed_accounts (email);
CREATE INDEX removed_accounts_by_subject ON removed_accounts (subject);

-- A booking keeps the price it was made at: a seller's later change applies to new
-- bookings, and what the buyer pays is the booking's price.
ALTER TABLE orders ADD COLUMN price INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET price = (SELECT resale_price FROM products p WHERE p.id = orders.product_id);

-- A create retried with the same Idempotency-Key answers what the first one did: the
-- request's fingerprint, and the answer once there is one (status 0 while in progress).
CREATE TABLE idempotency_keys (
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status      INTEGER NOT NULL,
    body        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
) STRICT;
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
