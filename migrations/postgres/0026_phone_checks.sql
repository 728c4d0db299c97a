-- Phones confirmed by a code sent by SMS (docs/trust.md "Phones confirmed by a code").
-- The number an account has confirmed, as +8801XXXXXXXXX: on one account at a time.
ALTER TABLE users ADD COLUMN phone TEXT;
CREATE UNIQUE INDEX users_phone_once ON users (phone) WHERE phone IS NOT NULL;

-- One account's open or last check: the number a code went to, the HMAC of (account,
-- number, code) — never the code — and how many wrong codes were tried.
CREATE TABLE phone_checks (
    user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    phone      TEXT NOT NULL,
    code_hash  TEXT NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('sent', 'confirmed', 'spent')),
    tries      INTEGER NOT NULL DEFAULT 0,
    sent_at    TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
