-- Conversations (docs/conversations.md): one per listing and buyer, between that buyer
-- and the listing's seller. Who has read how far is the id of the last message each
-- side read. A side whose account is removed leaves the conversation (NULL) and their
-- messages keep their place without their words.
CREATE TABLE conversations (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id        BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    buyer_id          BIGINT REFERENCES users (id) ON DELETE SET NULL,
    seller_id         BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at        TIMESTAMPTZ NOT NULL,
    last_message_at   TIMESTAMPTZ NOT NULL,
    buyer_read_up_to  BIGINT NOT NULL DEFAULT 0,
    seller_read_up_to BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX conversations_of_buyer_and_listing ON conversations (product_id, buyer_id);
CREATE INDEX conversations_by_buyer ON conversations (buyer_id, last_message_at);
CREATE INDEX conversations_by_seller ON conversations (seller_id, last_message_at);

-- A message: text or a photo. `client_id` is the sender's own id for it, so a message
-- sent again (a retry, a reconnect) is kept once.
CREATE TABLE messages (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    conversation_id BIGINT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       BIGINT REFERENCES users (id) ON DELETE SET NULL,
    client_id       TEXT NOT NULL,
    text            TEXT,
    image           TEXT,
    sent_at         TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX messages_once ON messages (conversation_id, sender_id, client_id);
CREATE INDEX messages_in_order ON messages (conversation_id, id);
