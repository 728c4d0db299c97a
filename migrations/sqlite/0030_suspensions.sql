-- SQLite twin of migrations/postgres/0030_suspensions.sql (same version, same shape).
-- Warnings and suspensions (docs/trust.md "Warnings and suspensions"): a suspended account
-- keeps its records, signs in no more, and keeps its address and phone from coming back.
ALTER TABLE users ADD COLUMN suspended_at TEXT;
ALTER TABLE users ADD COLUMN suspended_reason TEXT;
-- A removed account's phone stays out too.
ALTER TABLE removed_accounts ADD COLUMN phone TEXT;
CREATE INDEX removed_accounts_by_phone ON removed_accounts (phone) WHERE phone IS NOT NULL;
