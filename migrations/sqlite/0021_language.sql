-- SQLite twin of migrations/postgres/0021_language.sql (same version, same shape).
-- The language a person reads the marketplace in (docs/i18n.md): their mails and
-- notifications are written in it, and the page opens in it on every device they sign
-- in on. Accounts from before read English, as they did.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'bn'));
