-- SQLite twin of migrations/postgres/0017_conversations.sql (same version, same shape).
-- Conversations (docs/conversations.md): one per listing and buyer, between that buyer
-- and the listing's seller. Who has read how far is the id of the last message each
-- side read. A side whose account is removed leaves the conversation (NULL) and their
-- messages keep their place without their words.
CREATE TABLE conversations (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id        INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    buyer_id          INTEGER REFERENCES users (id) ON DELETE SET NULL,
    seller_id         INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at        TEXT NOT NULL,
    last_message_at   TEXT NOT NULL,
    buyer_read_up_to  INTEGER NOT NULL DEFAULT 0,
    seller_read_up_to INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE UNIQUE INDEX conversations_of_buyer_and_listing ON conversations (product_id, buyer_id);
CREATE INDEX conversations_by_buyer ON conversations (buyer_id, last_message_at);
CREATE INDEX conversations_by_seller ON conversations (seller_id, last_message_at);

-- A message: text or a photo. `client_id` is the sender's own id for it, so a message
-- sent again (a retry, a reconnect) is kept once.
CREATE TABLE messages (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    client_id       TEXT NOT NULL,
    text            TEXT,
    image           TEXT,
    sent_at         TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX messages_once ON messages (conversation_id, sender_id, client_id);
CREATE INDEX messages_in_order ON messages (conversation_id, id);
