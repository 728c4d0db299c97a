-- Proven identities: which e-mail addresses are confirmed, the single-use links sent by
-- mail to confirm an address or choose a new password, the sessions access tokens
-- belong to (so one can end), and the one photo a person may upload mid-sign-up.

ALTER TABLE identities ADD COLUMN email_verified BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE users ADD COLUMN email_verified BOOLEAN NOT NULL DEFAULT FALSE;
-- Google vouched for the addresses of the accounts it signed in.
UPDATE users SET email_verified = TRUE WHERE subject LIKE 'firebase:%';

-- Only a SHA-256 of each token is kept: a copy of the database opens no one's account.
CREATE TABLE mail_tokens (
    token_hash  TEXT PRIMARY KEY,
    identity_id BIGINT NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
    purpose     TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    used_at     TIMESTAMPTZ
);
CREATE INDEX mail_tokens_by_identity ON mail_tokens (identity_id, purpose);

-- Every access token names its session; a token whose session is gone proves nothing.
CREATE TABLE sessions (
    id         TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

-- Between the sign-up steps a person may upload one photo, once.
CREATE TABLE signup_uploads (
    subject     TEXT PRIMARY KEY,
    uploaded_at TIMESTAMPTZ NOT NULL
);
