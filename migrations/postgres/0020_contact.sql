-- Contact on the seller's terms (docs/conversations.md "Contact"): a seller may keep
-- their phone off the listing and share it inside a conversation instead, and may say
-- the number takes WhatsApp. Listings from before show the phone as they did.
ALTER TABLE products ADD COLUMN phone_in_conversation BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE products ADD COLUMN on_whatsapp BOOLEAN NOT NULL DEFAULT FALSE;
