-- SQLite twin of migrations/postgres/0020_contact.sql (same version, same shape).
-- Contact on the seller's terms (docs/conversations.md "Contact"): a seller may keep
-- their phone off the listing and share it inside a conversation instead, and may say
-- the number takes WhatsApp. Listings from before show the phone as they did.
ALTER TABLE products ADD COLUMN phone_in_conversation INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN on_whatsapp INTEGER NOT NULL DEFAULT 0;
