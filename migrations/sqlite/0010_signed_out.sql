-- SQLite twin of migrations/postgres/0010_signed_out.sql (same version, same shape).
-- "Sign out everywhere" ends sessions, and also the proofs of identity made before it:
-- an identity token (ours or Firebase's) proven before `proven_before` (Unix seconds)
-- opens no new session for `subject`.
CREATE TABLE signed_out (
    subject       TEXT PRIMARY KEY,
    proven_before INTEGER NOT NULL
) STRICT;
